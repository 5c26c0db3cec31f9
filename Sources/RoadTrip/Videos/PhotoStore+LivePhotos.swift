import Foundation
import Geo
import Imaging
import SQLDatabase
import Video

/// Live Photos: an iPhone's still and the short movie taken around it become one item of the
/// library, whichever half is imported first, in one run or in runs apart.
///
/// The halves find each other by Apple's content identifier (the still's MakerNote, the movie's
/// QuickTime keys; `MotionParts`). Where neither has one (an export that dropped it), a still and
/// a movie of at most `fallbackLongestMovie` with the same base name ("IMG_0042") taken within
/// `fallbackSeconds` of each other pair instead.
///
/// - The movie arriving to its still: the still's row gains the movie (a `videos` row of its
///   own id) and plays (`motion = 'live'`); the movie never becomes an item of its own.
/// - The still arriving to its movie (imported alone before, an item with its poster): the
///   item keeps its id — its vacations, tags and places stay — and takes the still as its
///   picture; the poster's files go.
///
/// The item keeps the identifier (`photos.content_identifier`, unique): two halves imported at
/// the same moment cannot both become items — the second's insert is refused and tried again,
/// and then finds the first.
extension PhotoStore {
    /// How near in time two halves without an identifier must be taken.
    static let fallbackSeconds: Int64 = 3
    /// The longest movie that pairs by name and time (a Live Photo's is about 3 s).
    static let fallbackLongestMovie: Int64 = 10_000

    /// What one half says about the pair it may belong to.
    struct PairingKey {
        let identifier: String?
        let title: String
        let takenAt: String?
        let takenOffset: Int?
        /// For a movie: how long it plays, milliseconds.
        var duration: Int64? = nil
    }

    /// The item this half completes, read inside the import's transaction: for a still, a
    /// movie's item waiting for it; for a movie, a still without motion.
    static func partner(of key: PairingKey, isStill: Bool, in db: Connection) throws -> Int64? {
        if let identifier = key.identifier {
            guard let row = try db.fetchOne("SELECT id, motion FROM photos WHERE content_identifier = \(identifier)") else { return nil }
            let motion: String? = try row["motion"]
            return (isStill ? motion == Motion.video.rawValue : motion == nil) ? try row["id"] : nil
        }
        guard let takenAt = key.takenAt, let clock = ExifTime.clockSeconds(takenAt) else { return nil }
        if !isStill, (key.duration ?? .max) > fallbackLongestMovie { return nil }
        // Any zone: the window is wide in local time, then narrowed in UTC where both zones are known.
        let reach: Int64 = 14 * 3600 + fallbackSeconds
        let motion = isStill ? "motion = 'video' AND duration_ms <= \(fallbackLongestMovie)" : "motion IS NULL"
        let rows = try db.fetchAll(
            """
            SELECT id, title, taken_at, taken_offset FROM photos
            WHERE taken_at BETWEEN \(clockText(clock - reach)) AND \(clockText(clock + reach))
                AND content_identifier IS NULL AND \(raw: motion) AND lower(title) = lower(\(key.title))
            ORDER BY id LIMIT 100
            """)
        let name = key.title.lowercased()
        for row in rows {
            guard (try row["title"] as String).lowercased() == name, !name.isEmpty,
                let other = (try row["taken_at"] as String?).flatMap(ExifTime.clockSeconds)
            else { continue }
            let offset = ExifTime.plausibleOffset(try row["taken_offset"])
            var apart = clock - other
            if let mine = key.takenOffset, let offset { apart -= Int64(mine - offset) * 60 }
            if abs(apart) <= fallbackSeconds { return try row["id"] }
        }
        return nil
    }

    /// The identifier this half's new item may keep: none when an item already has it (a
    /// second copy of a still, an edited export with the same MakerNote).
    static func freeIdentifier(_ identifier: String?, in db: Connection) throws -> String? {
        guard let identifier else { return nil }
        return try db.fetchOne("SELECT id FROM photos WHERE content_identifier = \(identifier)") == nil ? identifier : nil
    }

    /// The movie's item `id` takes the still as its picture, and plays as a Live Photo. What
    /// the item knew stays (its title, time, place, camera); what it lacked the still gives.
    /// Returns the item, and the digest its poster was stored under (its files to remove).
    static func makeLive(
        _ id: Int64, still image: InspectedImage, sha256: String, byteCount: Int, identifier: String?,
        place: GazetteerPlace?, in db: Connection
    ) throws -> (Photo, poster: String) {
        guard let row = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(id)") else {
            throw FileError("cannot find the movie's row for", sha256)
        }
        let movie = try Photo(row: row)
        let facts = image.metadata
        try db.execute(
            """
            UPDATE photos SET sha256 = \(sha256), format = \(image.header.format.rawValue), byte_count = \(byteCount),
                width = \(image.header.width), height = \(image.header.height), orientation = \(image.header.orientation),
                motion = \(Motion.live.rawValue), content_identifier = \(identifier),
                camera_make = \(movie.cameraMake ?? facts.cameraMake), camera_model = \(movie.cameraModel ?? facts.cameraModel),
                description = \(movie.description ?? facts.imageDescription)
            WHERE id = \(id)
            """)
        if movie.takenAt == nil, let takenAt = facts.takenAt {
            try db.execute(
                """
                UPDATE photos SET taken_at = \(takenAt), sorted_at = \(takenAt), taken_offset = \(facts.takenOffset),
                    gps_at = \(facts.gpsTime) WHERE id = \(id)
                """)
        }
        if movie.latitude == nil, let latitude = facts.latitude, let longitude = facts.longitude {
            if let place { try PhotoStore.record(place, in: db) }
            try db.execute(
                """
                UPDATE photos SET latitude = \(latitude), longitude = \(longitude), place_id = \(place?.id),
                    position_source = \(PositionSource.camera.rawValue) WHERE id = \(id)
                """)
        }
        guard let updated = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(id)") else {
            throw FileError("cannot find the new row of", sha256)
        }
        return (try Photo(row: updated), movie.sha256)
    }

    /// The movie joins the still `id`: its file's row under the still's id, and its rendition's job.
    func attachMovie(
        to id: Int64, _ facts: VideoFacts, container: VideoContainer, sha256: String, byteCount: Int,
        in db: Connection
    ) throws -> Photo {
        // The still keeps the identifier it has; one it lacked the movie gives, if no item has it.
        let kept: String? = try db.fetchOne("SELECT content_identifier FROM photos WHERE id = \(id)").flatMap {
            try $0["content_identifier"]
        }
        let identifier = try kept ?? PhotoStore.freeIdentifier(facts.contentIdentifier, in: db)
        try db.execute(
            """
            UPDATE photos SET motion = \(Motion.live.rawValue), duration_ms = \(facts.duration), content_identifier = \(identifier)
            WHERE id = \(id)
            """)
        try insertVideoFile(of: id, facts, container: container, sha256: sha256, byteCount: byteCount, in: db)
        guard let row = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(id)") else {
            throw FileError("cannot find the still's row for", sha256)
        }
        return try Photo(row: row)
    }

    /// A still's poster files, once the still has taken its place (best effort: a leftover is
    /// only space).
    func removePoster(sha256: String) {
        for path in [files.original(sha256: sha256, format: .jpeg)]
            + [Rendition.thumbnail, .preview].map({ files.rendition($0, sha256: sha256) })
        {
            unlink(path)
        }
    }

    /// "2024-06-01T10:05:00" for seconds since 1970 read as a clock (`ExifTime.clockSeconds`).
    static func clockText(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = ExifTime.civilDate(daysSince1970: days)
        let time = seconds - days * 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let century = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) : ""
        return "\(century)\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))"
    }
}
