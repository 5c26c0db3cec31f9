import Foundation
import HTML
import RoadTrip

/// A point on one of the maps of a few points: the trip's destination and sights, a vacation's
/// places, a photo's position.
struct MapPoint {
    enum Kind: String {
        case destination, sight, stop, photo
    }

    let coordinate: Coordinate
    let name: String
    /// Drawn on the marker (a stop's number); nil for a plain dot.
    let label: String?
    let kind: Kind
    /// Where the point leads (a place's photos); nil: it only tells its name.
    let link: Route?
}

/// How a map of points reads: the trip's names its markers and tells a tapped one's name and
/// coordinates; an itinerary numbers its stops, joins them with a line and opens each; a
/// photo's position is one dot; a track is its line (and its named points), and a placement
/// the photos it would place along the tracks they are on; a pick map the point a tap chooses.
enum PointMapStyle: String {
    case trip, itinerary, position, track, placing
    /// No points: a tap chooses one, written into the form's latitude and longitude (`point-map.js`).
    case pick
}

/// The part of the Earth a map of points shows, and where a point falls on the server's
/// drawing: `width` units wide, longitudes squeezed by the cosine of the middle latitude so
/// that the map is not stretched sideways away from the equator.
struct MapFrame {
    static let width = 600.0
    let height: Double
    private let west: Double
    private let north: Double
    private let squeeze: Double
    private let scale: Double

    /// Around `coordinates` with a margin, at least `minimumSpan` degrees of latitude tall,
    /// `aspect` times as wide as it is tall.
    init(around coordinates: [Coordinate], minimumSpan: Double, aspect: Double = 1.5) {
        let latitudes = coordinates.map(\.latitude), longitudes = coordinates.map(\.longitude)
        let south = latitudes.min() ?? -60, north = latitudes.max() ?? 75
        let west = longitudes.min() ?? -180, east = longitudes.max() ?? 180
        let middle = (south + north) / 2
        squeeze = max(cos(middle * .pi / 180), 0.2)
        let tall = max((north - south) * 1.3, minimumSpan, (east - west) * squeeze * 1.3 / aspect)
        let wide = tall * aspect
        self.north = middle + tall / 2
        self.west = (west + east) / 2 - wide / squeeze / 2
        scale = MapFrame.width / wide
        height = tall * scale
    }

    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        ((coordinate.longitude - west) * squeeze * scale, (north - coordinate.latitude) * scale)
    }

    /// Where the world's drawing (-180…180, 90…-90) goes.
    var world: (x: Double, y: Double, width: Double, height: Double) {
        ((-180 - west) * squeeze * scale, (north - 90) * scale, 360 * squeeze * scale, 180 * scale)
    }
}

/// A map of a few points. Drawn by the server as an SVG (the world's outlines under the
/// points, each with its name, a link where it leads somewhere) that works without JavaScript;
/// `point-map.js` puts Leaflet in its place with the same points, read from the drawing.
struct PointMapView: HTML {
    let points: [MapPoint]
    let style: PointMapStyle
    /// What the map shows, for a screen reader.
    let label: String
    let sources: MapSources
    /// Tracks drawn under the points, as lines (simplified: `TrackStore.outlines`).
    var lines: [[Coordinate]] = []

    var content: some HTML {
        let frame = MapFrame(around: points.map(\.coordinate) + lines.flatMap { $0 }, minimumSpan: style == .position ? 16 : 0.02)
        let world = frame.world
        Element(
            "figure",
            [.class("point-map point-map-\(style.rawValue)"), .script(ScreenScript.pointMap), .data("style", style.rawValue)]
                + sources.attributes
        ) {
            svg(.class("map-drawing"), .viewBox(0, 0, MapFrame.width, frame.height), .role("img"), .ariaLabel(label)) {
                svgImage(
                    .href(sources.world), .x(world.x), .y(world.y), .svgWidth(world.width), .svgHeight(world.height),
                    Attribute("preserveAspectRatio", "none"))
                // Each line's points also as data, "latitude,longitude …", for point-map.js.
                ForEach(lines.indices) { index in
                    polyline(
                        .class("map-track"), .points(lines[index].map { frame.point($0) }),
                        .data(
                            "path",
                            lines[index].map { "\(PhotoMapController.degrees($0.latitude)),\(PhotoMapController.degrees($0.longitude))" }
                                .joined(separator: " ")))
                }
                if style == .itinerary, points.count > 1 {
                    polyline(.class("map-route"), .points(points.map { frame.point($0.coordinate) }))
                }
                ForEach(points.indices) { index in
                    let point = points[index]
                    if let link = point.link {
                        a(.href(link)) { marker(point, at: frame.point(point.coordinate)) }
                    } else {
                        marker(point, at: frame.point(point.coordinate))
                    }
                }
            }
        }
    }

    private func marker(_ point: MapPoint, at place: (x: Double, y: Double)) -> some HTML {
        g(
            .class("map-point map-\(point.kind.rawValue)"), .data("latitude", String(point.coordinate.latitude)),
            .data("longitude", String(point.coordinate.longitude)), .data("name", point.name),
            .data("coordinates", DestinationFormat.coordinate(point.coordinate)), .ifPresent(point.label) { .data("label", $0) }
        ) {
            title(point.label.map { "\($0). \(point.name)" } ?? point.name)
            circle(.cx(place.x), .cy(place.y), .r(point.label == nil ? 6 : 11))
            if let label = point.label {
                svgText(.class("map-number"), .x(place.x), .y(place.y)) { label }
            }
            if style == .trip {
                svgText(.class("map-name"), .x(place.x + 10), .y(place.y - 8)) { point.name }
            }
        }
    }
}

extension PointMapView {
    /// A photo's position, in its viewer's Info.
    static func position(_ coordinate: Coordinate, sources: MapSources) -> PointMapView {
        PointMapView(
            points: [MapPoint(coordinate: coordinate, name: "Where the photo was taken", label: nil, kind: .photo, link: nil)],
            style: .position, label: "Map of where the photo was taken: " + DestinationFormat.coordinate(coordinate), sources: sources
        )
    }
}
