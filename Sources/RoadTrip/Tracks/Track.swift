import SQLDatabase

/// A track of the library, as lists show it; its points are read apart (`TrackStore.points`).
public struct Track: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let name: String
    public let format: TrackFile.Format
    /// Milliseconds since 1970 UTC of its first and last timed points; nil for a track without times.
    public let startedAt: Int64?
    public let endedAt: Int64?
    public let pointCount: Int
    public let segmentCount: Int
    /// Metres along its segments.
    public let distance: Double
    /// Its bounding box; nil for a track of named points alone.
    public let box: MapBox?
    public let importedAt: Int64
    /// Who brought it in (nil from the command line, or for an account since removed).
    public let importedBy: AccountID?

    /// Milliseconds from its first time to its last.
    public var duration: Int64? {
        guard let startedAt, let endedAt else { return nil }
        return endedAt - startedAt
    }

    static let columns =
        "id, name, format, started_at, ended_at, point_count, segment_count, distance, south, west, north, east, imported_at, imported_by"

    init(row: Row) throws {
        id = try row["id"]
        name = try row["name"]
        format = TrackFile.Format(rawValue: try row["format"]) ?? .gpx
        // Both or neither, and only real times: a damaged row's cannot overflow `duration`.
        let (started, ended) = (TrackTime.plausible(try row["started_at"]), TrackTime.plausible(try row["ended_at"]))
        (startedAt, endedAt) = if let started, let ended, started <= ended { (started, ended) } else { (nil, nil) }
        pointCount = try row["point_count"]
        segmentCount = try row["segment_count"]
        distance = try row["distance"]
        let (south, west, north, east): (Double?, Double?, Double?, Double?) = (
            try row["south"], try row["west"], try row["north"], try row["east"]
        )
        if let south, let west, let north, let east { box = MapBox(south: south, west: west, north: north, east: east) } else { box = nil }
        importedAt = try row["imported_at"]
        importedBy = (try row["imported_by"] as Int64?).map(AccountID.init)
    }
}

/// A track's outline for the map: its id, name and simplified segments.
public struct TrackOutlineView: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let segments: [[TrackPoint]]
}
