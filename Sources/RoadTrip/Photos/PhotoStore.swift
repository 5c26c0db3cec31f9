import Foundation
import Geo
import Imaging
import SQLDatabase
import Synchronization
import Video

/// The household's photo library: the photos, the places they were taken at, and each
/// account's Recents. Shared by every account; Recents are the only per-account part.
public struct PhotoStore: Sendable {
    let database: Database
    public let files: PhotoFiles
    public let processor: ImageProcessor
    public let gazetteer: GazetteerSource
    public let video: VideoOptions
    let clock: WallClock

    public init(
        database: Database, folder: URL, processor: ImageProcessor, gazetteer: GazetteerSource, video: VideoOptions = VideoOptions(),
        clock: WallClock = .system
    ) {
        self.database = database
        self.files = PhotoFiles(folder: folder)
        self.processor = processor
        self.gazetteer = gazetteer
        self.video = video
        self.clock = clock
    }

    /// How far a photo may be from a populated place and still belong to it. Photos further
    /// out (at sea, in the wilderness) are listed under "No location" until a person sets a place.
    public static let placeRadius: Double = 50_000

    public func photo(id: Int64) throws -> Photo? {
        try database.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(id)").map(Photo.init)
    }

    /// Whether the library has no photo at all (without counting them).
    var favorites: FavoriteStore { FavoriteStore(database: database) }

    public var isEmpty: Bool {
        get throws { try database.fetchValue("SELECT NOT EXISTS (SELECT 1 FROM photos)") ?? true }
    }

    public var count: Int {
        get throws { try database.fetchValue("SELECT count(*) FROM photos") ?? 0 }
    }
}

/// The gazetteer, loaded the first time a place is needed: 170,000 names are not read for
/// a command that never looks one up. Shared by every library of the process.
public final class GazetteerSource: Sendable {
    private let load: @Sendable () throws(GazetteerError) -> Gazetteer
    private let loaded = Mutex<Result<Gazetteer, GazetteerError>?>(nil)

    public init(_ load: @escaping @Sendable () throws(GazetteerError) -> Gazetteer) {
        self.load = load
    }

    public convenience init(_ gazetteer: Gazetteer) {
        self.init { () throws(GazetteerError) in gazetteer }
    }

    /// The places shipped with RoadTrip, read once per process.
    public static let bundled = GazetteerSource { () throws(GazetteerError) in try Gazetteer.bundled() }

    public func gazetteer() throws(GazetteerError) -> Gazetteer {
        let result = loaded.withLock { cached in
            if let cached { return cached }
            let result = Result { () throws(GazetteerError) in try load() }
            cached = result
            return result
        }
        return try result.get()
    }
}

extension PhotoStore {
    /// The photos with these ids that are still there, in the order given (at most 500).
    public func photos(ids: [Int64]) throws -> [Photo] {
        let wanted = Array(ids.prefix(500))
        guard !wanted.isEmpty else { return [] }
        // Numbers, written by Swift: nothing from outside reaches the text.
        let found = try database.fetchAll(
            "SELECT \(raw: Photo.columns) FROM photos WHERE id IN (\(raw: wanted.map(String.init).joined(separator: ", ")))", Photo.init)
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return wanted.compactMap { byID[$0] }
    }
}

extension PhotoStore {
    /// Removes photos and videos from the library (an import undone): their rows, with what hangs
    /// on them (tags, a video's row, placements' notes; the timeline's and places' counts follow
    /// by trigger), then their files: original, renditions, the version kept beneath, video and its rendition. Vacations
    /// keep their own copies. How many were removed.
    func remove(ids: [Int64]) throws -> Int {
        var removed = 0
        for batch in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            // Numbers, written by Swift: nothing from outside reaches the text.
            let list = batch.map(String.init).joined(separator: ", ")
            var files: [String] = []
            removed += try database.write { db in
                for row in try db.fetchAll("SELECT sha256, format FROM photos WHERE id IN (\(raw: list))") {
                    let sha256: String = try row["sha256"]
                    if let format = ImageFormat(rawValue: try row["format"]) {
                        files.append(self.files.original(sha256: sha256, format: format))
                    }
                    files += [Rendition.thumbnail, .preview].map { self.files.rendition($0, sha256: sha256) }
                }
                for row in try db.fetchAll("SELECT sha256, format FROM photo_versions WHERE photo_id IN (\(raw: list))") {
                    if let format = ImageFormat(rawValue: try row["format"]) { files += versionFiles(try row["sha256"], format: format) }
                }
                for row in try db.fetchAll("SELECT sha256, container FROM videos WHERE photo_id IN (\(raw: list))") {
                    let sha256: String = try row["sha256"]
                    if let container = VideoContainer(rawValue: try row["container"]) {
                        files.append(self.files.video(sha256: sha256, container: container))
                    }
                    files.append(self.files.videoRendition(sha256: sha256))
                }
                try db.execute("DELETE FROM photos WHERE id IN (\(raw: list))")
                let changes = db.changes
                try db.execute("DELETE FROM recent_items WHERE item IN (\(raw: batch.map { "'photo:\($0)'" }.joined(separator: ", ")))")
                return changes
            }
            for path in files { unlink(path) }
        }
        return removed
    }
}
