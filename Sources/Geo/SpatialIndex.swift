import Foundation

/// Places bucketed into cells of one degree of latitude by one of longitude (64,800 cells,
/// stored as one array sorted by cell plus each cell's start, so there is no per-cell allocation).
///
/// A lookup searches the cells that can hold a point within some radius, starting small and
/// widening until the best place found lies within the searched radius: at that point nothing
/// outside can be closer. The cells for a radius come from spherical geometry, so the search
/// stays exact across the antimeridian and at the poles, where a degree of longitude shrinks to nothing.
struct SpatialIndex: Sendable {
    private static let rows = 180
    private static let columns = 360
    /// Large enough that most lookups in populated land finish in the first round,
    /// small enough that the first round touches at most four cells at mid latitudes.
    private static let firstRadius = 25_000.0
    /// Guards the cell arithmetic against rounding (about 1 cm).
    private static let marginDegrees = 1e-7

    /// `entries[cellStarts[c] ..< cellStarts[c + 1]]` are the places in cell c.
    private let cellStarts: [Int32]
    private let entries: [Entry]

    private struct Entry: Sendable {
        let point: SphericalPoint
        let position: Int32
    }

    init(_ coordinates: [Coordinate]) {
        let cells = coordinates.map { Self.cell(row: Self.row($0.latitude), column: Self.column($0.longitude)) }
        // A counting sort: count per cell, turn counts into starts, then drop each place in.
        var starts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for cell in cells { starts[cell + 1] += 1 }
        for cell in 0..<(Self.rows * Self.columns) { starts[cell + 1] += starts[cell] }
        var next = starts
        var slots = [Entry?](repeating: nil, count: coordinates.count)
        for (position, coordinate) in coordinates.enumerated() {
            let slot = Int(next[cells[position]])
            next[cells[position]] += 1
            slots[slot] = Entry(point: SphericalPoint(coordinate), position: Int32(position))
        }
        cellStarts = starts
        // The counting sort gave every place a slot of its own: none is left empty.
        entries = slots.compactMap { $0 }
    }

    /// The position of the place nearest `coordinate` within `maximumDistance` metres; on equal
    /// distances the earliest position wins, as in a linear scan.
    func nearest(to coordinate: Coordinate, within maximumDistance: Double) -> Int? {
        guard maximumDistance >= 0 else { return nil }  // also refuses NaN
        let query = SphericalPoint(coordinate)
        var radius = min(maximumDistance, Self.firstRadius)
        while true {
            let best = closest(to: query, latitude: coordinate.latitude, longitude: coordinate.longitude, radius: radius)
            if let best, best.distance <= radius { return Int(best.position) }
            if radius >= maximumDistance { return nil }
            // A place seen beyond the radius bounds the answer, so the next round ends the search.
            radius = min(maximumDistance, radius * 4, best?.distance ?? .infinity)
        }
    }

    /// Every place within `radius` metres, with its distance, in no particular order.
    func all(around coordinate: Coordinate, within radius: Double) -> [(distance: Double, position: Int)] {
        guard radius >= 0 else { return [] }
        let query = SphericalPoint(coordinate)
        var found: [(distance: Double, position: Int)] = []
        let (rowRange, columnRange) = Self.cells(around: coordinate.latitude, coordinate.longitude, radius: radius)
        for row in rowRange {
            for column in columnRange {
                let cell = Self.cell(row: row, column: (column % Self.columns + Self.columns) % Self.columns)
                for index in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                    let distance = query.distance(to: entries[index].point)
                    if distance <= radius { found.append((distance, Int(entries[index].position))) }
                }
            }
        }
        return found
    }

    /// The closest place in the cells that may hold a point within `radius` (it may lie beyond it).
    private func closest(
        to query: SphericalPoint, latitude: Double, longitude: Double, radius: Double
    ) -> (distance: Double, position: Int32)? {
        var best: (distance: Double, position: Int32)?
        let (rowRange, columnRange) = Self.cells(around: latitude, longitude, radius: radius)
        for row in rowRange {
            for column in columnRange {
                let cell = Self.cell(row: row, column: (column % Self.columns + Self.columns) % Self.columns)
                for index in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                    let entry = entries[index]
                    // The latitude gap alone is a lower bound on the distance: a cheap rejection.
                    // The slack keeps a rounding-level tie from being skipped.
                    if let best, abs(entry.point.latitude - query.latitude) * meanEarthRadius > best.distance * (1 + 1e-9) + 1e-6 {
                        continue
                    }
                    let distance = query.distance(to: entry.point)
                    if let current = best,
                        distance > current.distance || (distance == current.distance && entry.position > current.position)
                    {
                        continue
                    }
                    best = (distance, entry.position)
                }
            }
        }
        return best
    }

    /// Rows and (unwrapped) columns of the cells that can contain a point within `radius`
    /// metres. The longitude half-width of a spherical cap is asin(sin δ / cos φ); once the cap
    /// reaches a pole every longitude is in reach.
    private static func cells(
        around latitude: Double, _ longitude: Double, radius: Double
    ) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        let allColumns = 0...(columns - 1)
        let angle = radius / meanEarthRadius
        // Not a distance (NaN, below zero): every cell, in which nothing is that near.
        guard angle >= 0, angle < .pi else { return (0...(rows - 1), allColumns) }
        let latitudeReach = angle * 180 / .pi + marginDegrees
        let rowRange = row(latitude - latitudeReach)...row(latitude + latitudeReach)
        guard latitude + latitudeReach < 90, latitude - latitudeReach > -90 else { return (rowRange, allColumns) }
        let ratio = sin(angle) / cos(latitude * .pi / 180)
        guard ratio < 1 else { return (rowRange, allColumns) }
        let longitudeReach = asin(ratio) * 180 / .pi + marginDegrees
        let low = Int((longitude - longitudeReach + 180).rounded(.down))
        let high = Int((longitude + longitudeReach + 180).rounded(.down))
        guard high - low + 1 < columns else { return (rowRange, allColumns) }
        return (rowRange, low...high)
    }

    private static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude + 90).rounded(.down))))
    }

    /// 180° and -180° are the same meridian, both in column 0.
    private static func column(_ longitude: Double) -> Int {
        Int((longitude + 180).rounded(.down)) % columns
    }

    private static func cell(row: Int, column: Int) -> Int {
        row * columns + column
    }
}
