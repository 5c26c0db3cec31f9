import Foundation

/// Which country a position is in, from the borders RoadTrip ships (Natural Earth's admin-0
/// countries at 1:10m, `scripts/make-country-borders.py`): a photo is filed in the country it
/// was taken in, however big a city is across the border (`Gazetteer.locality`). Immutable once
/// read, shared freely between threads.
public final class CountryBorders: Sendable {
    /// One ring of a country's borders, its points in steps of 0.0001° (longitude, latitude
    /// interleaved), and its bounding box in the same units.
    struct Ring: Sendable {
        let country: Int
        let points: [Int32]
        let west: Int32, south: Int32, east: Int32, north: Int32
    }

    let codes: [String]
    let rings: [Ring]
    /// For each 1° × 1° cell of the world (360 × 180, by longitude then latitude), the rings
    /// whose boxes reach it: a lookup reads a handful, not four thousand.
    private let cells: [[Int32]]

    static let unit = 10_000.0

    init(codes: [String], rings: [Ring]) {
        self.codes = codes
        self.rings = rings
        var cells = [[Int32]](repeating: [], count: 360 * 180)
        for (index, ring) in rings.enumerated() {
            for x in Self.cell(ring.west, 180)...Self.cell(ring.east, 180) {
                for y in Self.cell(ring.south, 90)...Self.cell(ring.north, 90) {
                    cells[y * 360 + x].append(Int32(index))
                }
            }
        }
        self.cells = cells
    }

    /// The 1° cell of a coordinate in units (longitude: `offset` 180, latitude: 90), clamped.
    private static func cell(_ value: Int32, _ offset: Int) -> Int {
        min(2 * offset - 1, max(0, Int(value) / 10_000 + offset - (value < 0 && value % 10_000 != 0 ? 1 : 0)))
    }

    public var count: Int { codes.count }

    /// The ISO 3166-1 alpha-2 code of the country `coordinate` is in, nil at sea or where the
    /// borders name no country. A point is in a country when it is inside an odd number of its
    /// rings (a hole, an enclave, is a ring inside another).
    public func country(at coordinate: Coordinate) -> String? {
        let x = Int32((coordinate.longitude * Self.unit).rounded())
        let y = Int32((coordinate.latitude * Self.unit).rounded())
        // Per country: inside or not (even-odd), and the smallest of its rings around the point.
        var inside: [Int: (odd: Bool, smallest: Int64)] = [:]
        for index in cells[Self.cell(y, 90) * 360 + Self.cell(x, 180)] {
            let ring = rings[Int(index)]
            guard x >= ring.west, x <= ring.east, y >= ring.south, y <= ring.north, Self.contains(ring.points, x: x, y: y) else { continue }
            let area = Int64(ring.east - ring.west) * Int64(ring.north - ring.south)
            let was = inside[ring.country] ?? (false, .max)
            inside[ring.country] = (!was.odd, min(was.smallest, area))
        }
        // An enclave drawn over the country around it (the Vatican over Italy's Rome) is the
        // smaller: it wins; ties, the first code.
        return inside.filter(\.value.odd).min { ($0.value.smallest, $0.key) < ($1.value.smallest, $1.key) }.map { codes[$0.key] }
    }

    /// Even-odd crossing test of a closed ring (its last point equals its first).
    static func contains(_ points: [Int32], x: Int32, y: Int32) -> Bool {
        var inside = false
        let px = Int64(x), py = Int64(y)
        var index = 2
        while index < points.count {
            let ax = Int64(points[index - 2]), ay = Int64(points[index - 1])
            let bx = Int64(points[index]), by = Int64(points[index + 1])
            if (ay > py) != (by > py) {
                // x of the edge at py, compared without division: (px - ax)(by - ay) < (bx - ax)(py - ay), signs kept.
                let lhs = (px - ax) * (by - ay)
                let rhs = (bx - ax) * (py - ay)
                if by > ay ? lhs < rhs : lhs > rhs { inside.toggle() }
            }
            index += 2
        }
        return inside
    }
}
