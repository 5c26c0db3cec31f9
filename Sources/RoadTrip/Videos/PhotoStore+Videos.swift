import Crypto
import Foundation
import Geo
import Imaging
import SQLDatabase
import SystemCalls
import Video

extension PhotoStore {
    /// Imports a video: checks its size against the limit and that FFmpeg reads it, copies it
    /// into the library while computing its digest, takes its poster (a still from its first
    /// second that is not black) and the poster's thumbnail, then writes its row, its video's row
    /// and the job that makes its rendition, in one transaction. As for a photo, a process
    /// killed at any moment leaves either no video or a whole one.
    func importVideo(
        at path: String, container: VideoContainer, fileName: String, by account: AccountID?,
        inline: [Rendition], hints: ImportHints? = nil
    ) -> ImportOutcome {
        guard let size = DurableFile.size(of: path) else { return .refused("it could not be read") }
        guard UInt64(size) <= video.maximumSize else {
            return .refused("it is larger than the video size limit (\(VideoOptions.sizeText(video.maximumSize)))")
        }
        var facts: VideoFacts
        do { facts = try video.tools.probe(path, container: container) } catch { return .refused(error.description) }
        // What an export says beside the file (a Takeout's sidecar), where the file says nothing.
        if let hints { facts = hints.filling(facts, zone: timeZone) }
        let undated = facts.takenAt == nil ? hints?.undated() : nil
        do {
            let (sha256, copy) = try files.stageOriginal(from: path)
            if let existing = try photo(sha256: sha256) ?? photo(videoSHA256: sha256) { return .alreadyThere(existing) }
            let key = PairingKey(
                identifier: facts.contentIdentifier, title: PhotoStore.title(fromFileName: fileName),
                takenAt: facts.takenAt, takenOffset: facts.takenOffset, duration: facts.duration)
            // The motion of a still the library has: no poster, no item of its own.
            var stored = false
            if try database.read({ try PhotoStore.partner(of: key, isStill: false, in: $0) }) != nil {
                try files.storeVideo(copy, sha256: sha256, container: container)
                stored = true
                let paired: Photo? = try PhotoStore.retryingOnce {
                    try database.write { db in
                        guard let still = try PhotoStore.partner(of: key, isStill: false, in: db) else { return nil }
                        return try attachMovie(to: still, facts, container: container, sha256: sha256, byteCount: size, in: db)
                    }
                }
                if let paired { return .paired(paired) }
            }
            // A temporary name (`Library.isTemporary`): a crash's leftover is found and removed.
            let still = files.folder.path + "/originals/.poster-\(UUID().uuidString).tmp"
            defer { unlink(still) }
            try video.tools.poster(of: path, container: container, to: still)
            let poster = files.original(sha256: sha256, format: .jpeg)
            try DurableFile.makeFolder((poster as NSString).deletingLastPathComponent)
            try processor.makeRendition(.poster, of: still, to: poster)
            try files.makeCheckedRenditions(inline, sha256: sha256, from: poster, with: processor)
            let header = try processor.inspect(fileAt: poster).header
            if !stored { try files.storeVideo(copy, sha256: sha256, container: container) }
            let place = try locality(latitude: facts.latitude, longitude: facts.longitude)
            return try PhotoStore.retryingOnce {
                try insertVideo(
                    facts, container: container, sha256: sha256, byteCount: size, poster: header,
                    key: key, place: place, by: account, undated: undated)
            }
        } catch let error as VideoError {
            return .refused(error.description)
        } catch let error as ImagingError {
            return .refused("its still could not be made: \(error.description)")
        } catch let error as FileDigestError {
            return .refused(error.description)
        } catch {
            return .refused("it could not be stored: \(error)")
        }
    }

    /// The video's item, or — when its still came meanwhile — the still's, which it joins.
    private func insertVideo(
        _ facts: VideoFacts, container: VideoContainer, sha256: String, byteCount: Int, poster: ImageHeader,
        key: PairingKey, place: GazetteerPlace?, by account: AccountID?,
        undated: (sortedAt: String, warning: String)?
    ) throws -> ImportOutcome {
        let now = clock.now()
        let title = key.title
        let outcome: ImportOutcome = try database.write { db in
            if let still = try PhotoStore.partner(of: key, isStill: false, in: db) {
                return .paired(try attachMovie(to: still, facts, container: container, sha256: sha256, byteCount: byteCount, in: db))
            }
            if let place { try PhotoStore.record(place, in: db) }
            try db.execute(
                """
                INSERT INTO photos (sha256, format, byte_count, width, height, orientation, title, taken_at, sorted_at,
                    latitude, longitude, camera_make, camera_model, place_id, imported_at, imported_by, keywords,
                    taken_offset, position_source, motion, duration_ms, content_identifier)
                VALUES (\(sha256), \(ImageFormat.jpeg.rawValue), \(byteCount), \(poster.width), \(poster.height), 1, \(title),
                    \(facts.takenAt), \(facts.takenAt ?? undated?.sortedAt ?? PhotoStore.timestamp(now)), \(facts.latitude), \
                    \(facts.longitude),
                    \(facts.cameraMake), \(facts.cameraModel), \(place?.id), \(Int64(now.timeIntervalSince1970)),
                    \(account?.rawValue), '', \(facts.takenAt == nil ? nil : facts.takenOffset),
                    \(facts.latitude == nil ? nil : PositionSource.camera.rawValue), \(Motion.video.rawValue), \(facts.duration),
                    \(try PhotoStore.freeIdentifier(facts.contentIdentifier, in: db)))
                ON CONFLICT (sha256) DO NOTHING
                """)
            let inserted = db.changes > 0
            guard let row = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE sha256 = \(sha256)") else {
                throw FileError("cannot find the new row of", sha256)
            }
            let photo = try Photo(row: row)
            guard inserted else { return .alreadyThere(photo) }
            try insertVideoFile(of: photo.id, facts, container: container, sha256: sha256, byteCount: byteCount, in: db)
            return .imported(photo, warnings: undated.map { [$0.warning] } ?? [])
        }
        // Paired after all: the poster made for an item of its own is not needed.
        if case .paired = outcome { removePoster(sha256: sha256) }
        return outcome
    }

    /// The video file's row under the item `id`, and the job that makes its rendition.
    func insertVideoFile(
        of id: Int64, _ facts: VideoFacts, container: VideoContainer, sha256: String, byteCount: Int,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO videos (photo_id, sha256, container, byte_count, width, height, rotation, video_codec, audio_codec, \
            content_identifier)
            VALUES (\(id), \(sha256), \(container.rawValue), \(byteCount), \(facts.width), \(facts.height), \(facts.rotation),
                \(facts.videoCodec), \(facts.audioCodec), \(facts.contentIdentifier))
            """)
        try JobQueue(database: database, clock: clock).enqueue(.video, key: String(id), in: db)
    }

    /// The library's item whose video file has these bytes (a Live Photo's movie is no item of its own).
    public func photo(videoSHA256 sha256: String) throws -> Photo? {
        try database.fetchOne(
            """
            SELECT \(raw: Photo.columns) FROM photos WHERE id = (SELECT photo_id FROM videos WHERE sha256 = \(sha256))
            """
        ).map(Photo.init)
    }

    /// The first bytes of a file, enough to tell a video from a photo; nil when it cannot be read
    /// (the photo's importer then says why).
    static func head(of path: String) -> [UInt8]? {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            var bytes = [UInt8](repeating: 0, count: VideoContainer.sniffLength)
            let filled = try file.readFully(into: &bytes)
            return Array(bytes.prefix(filled))
        } catch {
            return nil
        }
    }

    /// The video file of a photo that is one, and its rendition's state.
    public func video(of photo: Photo) throws -> VideoFile? {
        guard photo.motion != nil else { return nil }
        return try database.fetchOne("SELECT \(raw: VideoFile.columns) FROM videos WHERE photo_id = \(photo.id)").map(VideoFile.init)
    }

    /// Where a video's rendition stands: a share of it done (0–100), made, or failed with why.
    func setRendition(of photoID: Int64, _ state: VideoFile.RenditionState, way: VideoTools.Way? = nil, byteCount: Int? = nil) throws {
        switch state {
        case .pending(let percent):
            try database.write {
                try $0.execute(
                    """
                    UPDATE videos SET rendition = 'pending', rendition_percent = \(max(0, min(100, percent))), rendition_error = \
                    NULL WHERE photo_id = \(photoID)
                    """
                )
            }
        case .ready:
            try database.write {
                try $0.execute(
                    """
                    UPDATE videos SET rendition = 'ready', rendition_percent = 100, rendition_error = NULL,
                        rendition_way = \(way?.rawValue), rendition_byte_count = \(byteCount) WHERE photo_id = \(photoID)
                    """)
            }
        case .failed(let reason):
            try database.write {
                try $0.execute(
                    "UPDATE videos SET rendition = 'failed', rendition_error = \(String(reason.prefix(500))) WHERE photo_id = \(photoID)")
            }
        }
    }
}

/// A video file of the library: its container and streams, and its rendition.
public struct VideoFile: Sendable, Equatable {
    public let photoID: Int64
    public let sha256: String
    public let container: VideoContainer
    public let byteCount: Int
    public let videoCodec: String
    public let audioCodec: String?
    public let contentIdentifier: String?
    public let rendition: RenditionState
    public let renditionWay: VideoTools.Way?

    public enum RenditionState: Sendable, Equatable {
        /// Not made yet; this share of it done.
        case pending(Int)
        case ready
        case failed(String)
    }

    static let columns =
        """
        photo_id, sha256, container, byte_count, video_codec, audio_codec, content_identifier, rendition, rendition_percent, \
        rendition_error, rendition_way
        """

    init(row: Row) throws {
        photoID = try row["photo_id"]
        sha256 = try row["sha256"]
        container = VideoContainer(rawValue: try row["container"]) ?? .mp4
        byteCount = try row["byte_count"]
        videoCodec = try row["video_codec"]
        audioCodec = try row["audio_codec"]
        contentIdentifier = try row["content_identifier"]
        switch try row["rendition"] as String {
        case "ready": rendition = .ready
        case "failed": rendition = .failed((try row["rendition_error"] as String?) ?? "it could not be converted")
        default: rendition = .pending(max(0, min(100, try row["rendition_percent"] as Int)))
        }
        renditionWay = (try row["rendition_way"] as String?).flatMap(VideoTools.Way.init(rawValue:))
    }
}
