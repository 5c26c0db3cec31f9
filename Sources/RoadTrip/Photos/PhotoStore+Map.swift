import Foundation
import SQLDatabase

/// A rectangle of the map in degrees, as a map view asks for it. Longitudes may run past
/// ±180 (a map panned round the world); `west` past `east` once wrapped means the box crosses
/// the antimeridian. Latitudes are clamped to the poles.
public struct MapBox: Sendable, Equatable {
    public let south: Double
    public let west: Double
    public let north: Double
    public let east: Double

    /// Nil for what no map could ask: a value that is not a number, south above north, or
    /// west past east before wrapping.
    public init?(south: Double, west: Double, north: Double, east: Double) {
        guard [south, west, north, east].allSatisfy(\.isFinite), south <= north, west <= east else { return nil }
        self.south = max(-90, min(90, south))
        self.north = max(-90, min(90, north))
        self.west = west
        self.east = east
    }

    /// The box's longitudes as at most two ranges within -180...180.
    public var longitudeRanges: [ClosedRange<Double>] {
        if east - west >= 360 { return [-180...180] }
        let start = (west + 180).truncatingRemainder(dividingBy: 360)
        let wrappedWest = (start < 0 ? start + 360 : start) - 180
        let wrappedEast = wrappedWest + (east - west)
        if wrappedEast <= 180 { return [wrappedWest...wrappedEast] }
        return [wrappedWest...180, -180...(wrappedEast - 360)]
    }

    func contains(latitude: Double, longitude: Double) -> Bool {
        (south...north).contains(latitude) && longitudeRanges.contains { $0.contains(longitude) }
    }
}

/// Photos in one cell of the map's grid (`PhotoMapGrid`): how many, and where on average.
public struct MapCluster: Sendable, Equatable {
    public let level: Int
    public let x: Int64
    public let y: Int64
    public let count: Int
    public let latitude: Double
    public let longitude: Double
    /// A photo of the cell, drawn as the cluster's picture (nil in a view of more than
    /// `mapClusterPictureLimit` clusters, which are drawn as counts alone).
    public var photoID: Int64? = nil
}

/// One photo on the map.
public struct MapPoint: Sendable, Equatable {
    public let photoID: Int64
    public let latitude: Double
    public let longitude: Double
}

/// What a map view shows: clusters, or, where the view holds few enough photos, the photos.
public struct PhotoMap: Sendable, Equatable {
    /// The grid level the clusters are cells of.
    public let level: Int
    public let clusters: [MapCluster]
    public let points: [MapPoint]

    public var photoCount: Int { clusters.reduce(0) { $0 + $1.count } + points.count }
}

extension PhotoStore {
    /// A view holding at most this many photos gets the photos themselves.
    public static let mapPointLimit = 2000
    /// A view gets at most about this many clusters, whatever box and zoom it names: past it a
    /// coarser level is read.
    public static let mapCellLimit = 4096
    /// A view of at most this many clusters gets a photo for each (one seek of the Z-order
    /// index a cluster); more would be too small to see as pictures.
    public static let mapClusterPictureLimit = 512

    /// The photos with a position in `box`, seen at `zoom` (Leaflet's: 0 shows the world in 256
    /// pixels): a cluster a cell of about 64 pixels, or the photos themselves when the view holds
    /// no more than `mapPointLimit`. Reads a bounded number of rows whatever the library's size.
    public func map(of box: MapBox, zoom: Int) throws -> PhotoMap {
        var level = Self.mapLevel(forZoom: zoom)
        while level > PhotoMapGrid.levels[0], Self.cellCount(of: box, at: level) > Self.mapCellLimit * 4 {
            level -= 2
        }
        let shown = min(level, max(PhotoMapGrid.levels[0], zoom + 2))
        let cells = try database.fetchAll(
            together: Self.cellRanges(of: box, at: level).map { rows, columns in
                """
                SELECT cell_x, cell_y, photo_count, latitude_sum, longitude_sum FROM photo_map_cells
                WHERE level = \(level) AND cell_y BETWEEN \(rows.lowerBound) AND \(rows.upperBound)
                AND cell_x BETWEEN \(columns.lowerBound) AND \(columns.upperBound)
                """
            }
        ).flatMap { $0 }.map { row in
            (
                x: try row["cell_x"] as Int64, y: try row["cell_y"] as Int64, count: try row["photo_count"] as Int,
                latitudeSum: try row["latitude_sum"] as Double, longitudeSum: try row["longitude_sum"] as Double
            )
        }
        let total = cells.reduce(0) { $0 &+ $1.count }
        if total > 0, total <= Self.mapPointLimit {
            return PhotoMap(level: shown, clusters: [], points: try points(inCells: cells.map { ($0.x, $0.y) }, at: level, within: box))
        }
        // Cells of the level read, merged into the coarser level shown (two levels a step are stored).
        let shift = Int64(level - shown)
        var merged: [Int64: (x: Int64, y: Int64, count: Int, latitudeSum: Double, longitudeSum: Double)] = [:]
        for cell in cells {
            let (x, y) = (cell.x >> shift, cell.y >> shift)
            let key = y << 32 | x
            let sum = merged[key] ?? (x, y, 0, 0, 0)
            merged[key] = (x, y, sum.count &+ cell.count, sum.latitudeSum + cell.latitudeSum, sum.longitudeSum + cell.longitudeSum)
        }
        // A cell whose mean is no place on Earth counts a position an older RoadTrip stored
        // (`roadtrip check` repairs it): it is not drawn.
        var clusters = merged.values.sorted { ($0.y, $0.x) < ($1.y, $1.x) }.compactMap { cell in
            Coordinate(latitude: cell.latitudeSum / Double(cell.count), longitude: cell.longitudeSum / Double(cell.count)).map {
                MapCluster(level: shown, x: cell.x, y: cell.y, count: cell.count, latitude: $0.latitude, longitude: $0.longitude)
            }
        }
        if !clusters.isEmpty, clusters.count <= Self.mapClusterPictureLimit {
            let pictures = try pictures(ofCells: clusters.map { ($0.x, $0.y) }, at: shown)
            for index in clusters.indices { clusters[index].photoID = pictures[index] }
        }
        return PhotoMap(level: shown, clusters: clusters, points: [])
    }

    /// A photo of each cell (the last of its range of the Z-order index), nil for a cell that has
    /// none any more; in the cells' order. One statement for all: its text depends only on how
    /// many cells there are, so PostgreSQL plans it once, not once a cell (a statement a cell
    /// cost 0.1 ms each, 55 ms for a view of the world).
    private func pictures(ofCells cells: [(x: Int64, y: Int64)], at level: Int) throws -> [Int64?] {
        guard !cells.isEmpty else { return [] }
        let width = Int64(2 * (PhotoMapGrid.finestLevel - level))
        var ranges: SQL = ""
        for (index, cell) in cells.enumerated() {
            let key = PhotoMapGrid.interleave(x: cell.x, y: cell.y)
            ranges = ranges + (index == 0 ? "" : ", ") + "(\(Int64(index)), \(key << width), \((key + 1) << width))"
        }
        let rows = try database.fetchAll(
            """
            WITH cells(n, first, after_last) AS (VALUES \(sql: ranges))
            SELECT n, (SELECT id FROM photos WHERE map_z >= cells.first AND map_z < cells.after_last
                       ORDER BY map_z DESC, id DESC LIMIT 1) AS id
            FROM cells
            """)
        var pictures = [Int64?](repeating: nil, count: cells.count)
        for row in rows {
            let index = try row["n"] as Int64
            guard pictures.indices.contains(Int(clamping: index)) else { continue }
            pictures[Int(index)] = try row["id"] as Int64?
        }
        return pictures
    }

    /// The stored level read for `zoom`: cells of about 64 pixels, or the next finer stored level.
    static func mapLevel(forZoom zoom: Int) -> Int {
        let wanted = max(PhotoMapGrid.levels[0], min(PhotoMapGrid.finestLevel, zoom + 2))
        return wanted + wanted % 2
    }

    /// The rows and columns of the cells at `level` the box touches: one block, or two across
    /// the antimeridian.
    static func cellRanges(of box: MapBox, at level: Int) -> [(rows: ClosedRange<Int64>, columns: ClosedRange<Int64>)] {
        let size = PhotoMapGrid.cellSize(at: level)
        let lastColumn = Int64(1 << level) - 1
        let lastRow = Int64(1 << (level - 1)) - 1
        // Clamped before it becomes an integer, so no value of the box can trap the conversion.
        func index(_ value: Double, from origin: Double, last: Int64) -> Int64 {
            Int64(max(0, min(Double(last), ((value - origin) / size).rounded(.down))))
        }
        let rows = index(box.south, from: -90, last: lastRow)...index(box.north, from: -90, last: lastRow)
        return box.longitudeRanges.map { range in
            (rows, index(range.lowerBound, from: -180, last: lastColumn)...index(range.upperBound, from: -180, last: lastColumn))
        }
    }

    static func cellCount(of box: MapBox, at level: Int) -> Int64 {
        cellRanges(of: box, at: level).reduce(0) { $0 + Int64($1.rows.count) * Int64($1.columns.count) }
    }

    /// The photos of the cells, each cell one range of the Z-order index, inside the box.
    private func points(inCells cells: [(x: Int64, y: Int64)], at level: Int, within box: MapBox) throws -> [MapPoint] {
        guard !cells.isEmpty else { return [] }
        let width = Int64(2 * (PhotoMapGrid.finestLevel - level))
        let statements: [SQL] = cells.map { cell in
            let first = PhotoMapGrid.interleave(x: cell.x, y: cell.y) << width
            let end = (PhotoMapGrid.interleave(x: cell.x, y: cell.y) + 1) << width
            return "SELECT id, latitude, longitude FROM photos WHERE map_z >= \(first) AND map_z < \(end)"
        }
        return try database.fetchAll(together: statements).flatMap { $0 }.map { row in
            MapPoint(photoID: try row["id"], latitude: try row["latitude"], longitude: try row["longitude"])
        }
        .filter { box.contains(latitude: $0.latitude, longitude: $0.longitude) }
        .sorted { $0.photoID < $1.photoID }
    }
}

/// A photo of a map cell, as its grid lists it.
public struct MapCellPhoto: Sendable, Equatable {
    public let id: Int64
    public let title: String
}

extension PhotoStore {
    /// A cluster this small opens as a grid of its photos; a larger one zooms in.
    public static let mapCellGridLimit = 200

    /// Whether `level`, `x` and `y` name a cell of the grid the map shows.
    public static func isMapCell(level: Int, x: Int64, y: Int64) -> Bool {
        (PhotoMapGrid.levels[0]...PhotoMapGrid.finestLevel).contains(level)
            && (0..<(Int64(1) << level)).contains(x) && (0..<(Int64(1) << (level - 1))).contains(y)
    }

    /// The photos of one cell of the map (a cluster), newest first, at most `limit`; one range of
    /// the Z-order index however large the library.
    public func photos(inMapCell level: Int, x: Int64, y: Int64, limit: Int = mapCellGridLimit) throws -> [MapCellPhoto] {
        guard Self.isMapCell(level: level, x: x, y: y) else { return [] }
        let width = Int64(2 * (PhotoMapGrid.finestLevel - level))
        let key = PhotoMapGrid.interleave(x: x, y: y)
        return try database.fetchAll(
            """
            SELECT id, title FROM photos WHERE map_z >= \(key << width) AND map_z < \((key + 1) << width)
            ORDER BY sorted_at DESC, id DESC LIMIT \(limit)
            """
        ) { MapCellPhoto(id: try $0["id"], title: try $0["title"]) }
    }

    /// The middle of a cell, for saying where it is.
    public static func center(ofMapCell level: Int, x: Int64, y: Int64) -> (latitude: Double, longitude: Double) {
        let size = PhotoMapGrid.cellSize(at: level)
        return (-90 + (Double(y) + 0.5) * size, -180 + (Double(x) + 0.5) * size)
    }
}
