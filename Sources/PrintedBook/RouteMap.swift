import CCairo
import Foundation

/// Web Mercator, as the app's maps and the basemap's tiles: x and y from 0 to 1 across the world.
public enum WebMercator {
    public static func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let phi = max(-85.05, min(85.05, latitude)) * .pi / 180
        return ((longitude + 180) / 360, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2)
    }
}

/// The route drawn as vectors in a box: Web Mercator (as the app's maps), fitted to the
/// tracks and places with a margin, the land filled under them, the tracks as lines, each
/// place a dot with its name.
struct RouteMap {
    let route: BookRoute

    static func project(_ point: BookPoint) -> (x: Double, y: Double) {
        WebMercator.project(latitude: point.latitude, longitude: point.longitude)
    }

    func draw(in box: Rect, on drawing: PageDrawing) {
        let points = (route.lines.flatMap { $0 } + route.places.map(\.point)).map(Self.project)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
            let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
        else { return }
        // At least a few kilometres across, however close together the points; a margin around.
        let span = max(maxX - minX, maxY - minY, 0.0004) * 1.25
        let centre = ((minX + maxX) / 2, (minY + maxY) / 2)
        let scale = min(box.width, box.height) / span
        let origin = (box.x + box.width / 2 - centre.0 * scale, box.y + box.height / 2 - centre.1 * scale)
        let place = { (point: BookPoint) -> (Double, Double) in
            let projected = Self.project(point)
            return (origin.0 + projected.x * scale, origin.1 + projected.y * scale)
        }
        let context = drawing.context
        cairo_save(context)
        cairo_rectangle(context, box.x, box.y, box.width, box.height)
        cairo_clip(context)
        // The sea, then the land where the basemap has it.
        drawing.colour(route.land.isEmpty ? 0.95 : 0.84, route.land.isEmpty ? 0.95 : 0.9, route.land.isEmpty ? 0.94 : 0.95)
        drawing.fill(box)
        if !route.land.isEmpty {
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            for ring in route.land where ring.count > 2 {
                for (index, point) in ring.enumerated() {
                    let (x, y) = place(point)
                    if index == 0 { cairo_move_to(context, x, y) } else { cairo_line_to(context, x, y) }
                }
                cairo_close_path(context)
            }
            drawing.colour(0.96, 0.95, 0.92)
            cairo_fill(context)
        }
        // The tracks.
        cairo_set_line_width(context, 2)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        drawing.colour(0.85, 0.25, 0.15)
        for line in route.lines where line.count > 1 {
            for (index, point) in line.enumerated() {
                let (x, y) = place(point)
                if index == 0 { cairo_move_to(context, x, y) } else { cairo_line_to(context, x, y) }
            }
            cairo_stroke(context)
        }
        // The places, each a dot, named beside it where the name overlaps none named before.
        var named: [Rect] = []
        for (name, point) in route.places {
            let (x, y) = place(point)
            drawing.colour(0.1, 0.3, 0.65)
            cairo_new_path(context)
            cairo_arc(context, x, y, 3.5, 0, 2 * .pi)
            cairo_fill(context)
            let width = min(160, max(0, box.maxX - x - 8))
            let label = Rect(
                x: x + 6, y: y - 6, width: width,
                height: drawing.text(name, in: Rect(x: x + 6, y: y - 6, width: width, height: 12), size: 8, lines: 1, draw: false))
            guard width > 20, !named.contains(where: { $0.intersects(label) }) else { continue }
            named.append(label)
            drawing.colour(0.1, 0.1, 0.12)
            drawing.text(name, in: label, size: 8, lines: 1)
        }
        cairo_restore(context)
        drawing.colour(0.75, 0.75, 0.78)
        cairo_set_line_width(context, 0.5)
        cairo_rectangle(context, box.x, box.y, box.width, box.height)
        cairo_stroke(context)
    }
}
