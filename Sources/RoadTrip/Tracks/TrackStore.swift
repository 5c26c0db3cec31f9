import Crypto
import Foundation
import Imaging
import SQLDatabase

/// What importing one track file did.
public struct TrackImport: Sendable, Equatable {
    /// Its tracks as stored, in the file's order (found again when the file was imported before).
    public let tracks: [Track]
    /// How many of them are new.
    public let added: Int
    public let waypoints: Int
}

/// The household's tracks: GPX, KML and GeoJSON files read into rows (`TrackSchema`).
public struct TrackStore: Sendable {
    let database: Database
    let clock: WallClock

    public init(database: Database, clock: WallClock = .system) {
        self.database = database
        self.clock = clock
    }

    /// Reads a file and stores its tracks in one transaction: all of them, or, when it is
    /// refused (`TrackFileError`, with the reason), none. The same file again adds nothing.
    /// The bytes are the caller's, in memory already: a file from outside comes through
    /// `importFile(atPath:fileName:by:budget:)`, which counts them.
    public func importFile(_ data: Data, fileName: String, by account: AccountID?) throws -> TrackImport {
        guard data.count <= TrackFile.maximumBytes else { throw TrackFile.tooLarge(data.count, fileName: fileName) }
        return try importFile(bytes: [UInt8](data), fileName: fileName, by: account)
    }

    /// The file at `path` (an upload's spool, a path given to the command), its size checked
    /// before a byte is read. While it is read and stored it holds what that may take
    /// (`TrackFile.memoryNeeded`) of `budget`, the one the process's image decodes share, so
    /// that uploads at once cannot add up past it; refused as busy when others hold it too long.
    public func importFile(atPath path: String, fileName: String, by account: AccountID?, budget: DecodeBudget) throws -> TrackImport {
        try TrackFile.withBytes(ofFileAt: path, fileName: fileName, budget: budget) { bytes in
            try importFile(bytes: bytes, fileName: fileName, by: account)
        }
    }

    private func importFile(bytes: [UInt8], fileName: String, by account: AccountID?) throws -> TrackImport {
        try store(try TrackFile.read(bytes: bytes, fileName: fileName), digest: SHA256.hexDigest(bytes), fileName: fileName, by: account)
    }

    /// Stores a location history's points (`LocationHistory`) as tracks, one a day; the same
    /// history again adds nothing. Its format is noted as GeoJSON's: JSON, its tracks LineStrings.
    public func importLocationHistory(_ bytes: [UInt8], fileName: String, by account: AccountID?) throws -> TrackImport {
        guard bytes.count <= LocationHistory.maximumBytes else {
            throw TrackFileError(
                reason: "is \(bytes.count >> 20) MiB; a location history is read up to \(LocationHistory.maximumBytes >> 20) MiB")
        }
        let days = LocationHistory.days(try LocationHistory.points(bytes))
        guard !days.isEmpty else { throw TrackFileError(reason: "holds no point with a position and a time: it is no location history") }
        return try store(
            TrackFile(format: .geojson, tracks: days, waypoints: []), digest: SHA256.hexDigest(bytes), fileName: fileName, by: account)
    }

    private func store(_ file: TrackFile, digest: String, fileName: String, by account: AccountID?) throws -> TrackImport {
        let stem = PhotoStore.title(fromFileName: fileName)
        var tracks = file.tracks
        if tracks.isEmpty { tracks = [ParsedTrack(name: "", segments: [])] }
        let now = clock.seconds
        return try database.write { db in
            var stored: [Track] = []
            var added = 0
            for (index, track) in tracks.enumerated() {
                let name = Self.name(of: track, fileStem: stem, index: index, of: tracks.count)
                // Its points are read where they are, not flattened into a copy.
                let box = Self.box(of: track.segments.joined(), and: index == 0 ? file.waypoints.map(\.point) : [])
                let range = track.timeRange
                let id: Int64? = try db.fetchValue(
                    """
                    INSERT INTO tracks (name, format, file_sha256, file_index, started_at, ended_at, point_count, segment_count, distance,
                        south, west, north, east, points, outline, imported_at, imported_by)
                    VALUES (\(name), \(file.format.rawValue), \(digest), \(index), \(range?.lowerBound), \(range?.upperBound),
                        \(track.pointCount), \(track.segments.count), \(track.distance), \(box?.south), \(box?.west), \
                        \(box?.north), \(box?.east),
                        \(TrackPointCodec.encode(track.segments)), \(TrackPointCodec.encode(TrackOutline.outline(of: track.segments))),
                        \(now), \(account?.rawValue))
                    ON CONFLICT (file_sha256, file_index) DO NOTHING
                    RETURNING id
                    """)
                if let id, index == 0 {
                    for (number, waypoint) in file.waypoints.enumerated() {
                        try db.execute(
                            """
                            INSERT INTO track_waypoints (track_id, id, name, latitude, longitude, time)
                            VALUES (\(id), \(number + 1), \(waypoint.name), \(waypoint.point.latitude), \
                            \(waypoint.point.longitude), \(waypoint.point.time))
                            """)
                    }
                }
                if id != nil { added += 1 }
                guard
                    let row = try db.fetchOne(
                        "SELECT \(raw: Track.columns) FROM tracks WHERE file_sha256 = \(digest) AND file_index = \(index)")
                else {
                    throw FileError("cannot find the new track of", fileName)
                }
                stored.append(try Track(row: row))
            }
            return TrackImport(tracks: stored, added: added, waypoints: file.waypoints.count)
        }
    }

    /// What a track is called: its own name, unless it has none or one a GPS unit gives every
    /// track ("ACTIVE LOG", "Current Track"): then the file's name, with the day it starts on
    /// ("day2, 19 Oct 2024"), numbered where the file holds several.
    static func name(of track: ParsedTrack, fileStem: String, index: Int, of count: Int) -> String {
        guard isGeneric(track.name) else { return track.name }
        var name = fileStem.isEmpty ? "Track" : fileStem
        if count > 1 { name += " \(index + 1)" }
        if let start = track.timeRange?.lowerBound { name += ", " + TrackText.dayAndTime(start).0 }
        return name
    }

    /// No name, or one a GPS unit writes on every track it records.
    static func isGeneric(_ name: String) -> Bool {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        return key.isEmpty || key.hasPrefix("active log") || ["current track", "track", "untitled", "unnamed", "track 1"].contains(key)
    }

    /// The box around a track's points and `more` (the file's named points, for its first track).
    static func box(of points: some Sequence<TrackPoint>, and more: [TrackPoint]) -> (
        south: Double, west: Double, north: Double, east: Double
    )? {
        var box: (south: Double, west: Double, north: Double, east: Double)?
        func include(_ point: TrackPoint) {
            box = (
                min(box?.south ?? point.latitude, point.latitude), min(box?.west ?? point.longitude, point.longitude),
                max(box?.north ?? point.latitude, point.latitude), max(box?.east ?? point.longitude, point.longitude)
            )
        }
        points.forEach(include)
        more.forEach(include)
        return box
    }

    /// Every track, newest first; tracks without times last.
    public func all() throws -> [Track] {
        try database.fetchAll("SELECT \(raw: Track.columns) FROM tracks ORDER BY started_at IS NULL, started_at DESC, id DESC", Track.init)
    }

    public func track(id: Int64) throws -> Track? {
        try database.fetchOne("SELECT \(raw: Track.columns) FROM tracks WHERE id = \(id)").map(Track.init)
    }

    /// The track's segments as recorded; empty for a track whose row is damaged.
    public func points(of id: Int64) throws -> [[TrackPoint]] {
        let bytes: [UInt8]? = try database.fetchValue("SELECT points FROM tracks WHERE id = \(id)")
        return bytes.flatMap(TrackPointCodec.decode) ?? []
    }

    public func waypoints(of id: Int64) throws -> [TrackWaypoint] {
        try database.fetchAll("SELECT name, latitude, longitude, time FROM track_waypoints WHERE track_id = \(id) ORDER BY id") { row in
            TrackWaypoint(
                name: try row["name"],
                point: TrackPoint(
                    latitude: try row["latitude"], longitude: try row["longitude"], time: TrackTime.plausible(try row["time"])))
        }
    }

    /// Removes the track; photos it placed keep their positions (Info then says "a track since removed").
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try database.write { db in
            try db.execute("DELETE FROM tracks WHERE id = \(id)")
            return db.changes > 0
        }
    }

    /// Tracks whose times overlap `range` (milliseconds), earliest first.
    public func tracks(during range: ClosedRange<Int64>) throws -> [Track] {
        try database.fetchAll(
            """
            SELECT \(raw: Track.columns) FROM tracks
            WHERE started_at IS NOT NULL AND started_at <= \(range.upperBound) AND ended_at >= \(range.lowerBound)
            ORDER BY started_at, id
            """, Track.init)
    }

    /// One track's outline, simplified to about a pixel at `zoom`; nil when there is no such track.
    public func outline(of id: Int64, zoom: Int) throws -> TrackOutlineView? {
        guard let row = try database.fetchOne("SELECT id, name, outline FROM tracks WHERE id = \(id)") else { return nil }
        return TrackOutlineView(id: try row["id"], name: try row["name"], segments: Self.simplified(try row["outline"], zoom: zoom))
    }

    /// An outline's stored bytes simplified to about a pixel at `zoom` (Leaflet's zoom: 256 × 2^zoom pixels round the world).
    static func simplified(_ outline: [UInt8], zoom: Int) -> [[TrackPoint]] {
        let pixel = 360 / (256 * pow(2, Double(max(0, min(zoom, 22)))))
        return (TrackPointCodec.decode(outline) ?? []).map { TrackOutline.simplify($0, tolerance: pixel) }
    }

    /// The outlines of the tracks `box` shows (at most `limit`, the longest first), simplified
    /// further to about a pixel at `zoom`.
    public func outlines(in box: MapBox, zoom: Int, limit: Int = 200) throws -> [TrackOutlineView] {
        let ranges = box.longitudeRanges
        var overlap: SQL = "(\(ranges[0].upperBound) >= west AND \(ranges[0].lowerBound) <= east)"
        if ranges.count > 1 { overlap = "(\(sql: overlap) OR (\(ranges[1].upperBound) >= west AND \(ranges[1].lowerBound) <= east))" }
        let rows = try database.fetchAll(
            """
            SELECT id, name, outline FROM tracks
            WHERE point_count > 0 AND north >= \(box.south) AND south <= \(box.north) AND \(sql: overlap)
            ORDER BY point_count DESC, id LIMIT \(limit)
            """
        ) { row in (id: try row["id"] as Int64, name: try row["name"] as String, outline: try row["outline"] as [UInt8]) }
        return rows.map { TrackOutlineView(id: $0.id, name: $0.name, segments: Self.simplified($0.outline, zoom: zoom)) }
    }
}
