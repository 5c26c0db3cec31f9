import Foundation
import Geo
import Imaging
import SQLDatabase
import Synchronization

/// The household's photo library: the photos, the places they were taken at, and each
/// account's Recents. Shared by every account; Recents are the only per-account part.
public struct PhotoStore: Sendable {
    let database: Database
    public let files: PhotoFiles
    public let processor: ImageProcessor
    public let gazetteer: GazetteerSource
    public let video: VideoOptions
    let clock: WallClock

    public init(database: Database, folder: URL, processor: ImageProcessor, gazetteer: GazetteerSource, video: VideoOptions = VideoOptions(),
                clock: WallClock = .system) {
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

    /// Whether the gazetteer has been read (or failed to be): asking for it now costs nothing.
    public var isLoaded: Bool {
        loaded.withLock { $0 != nil }
    }

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
        let found = try database.fetchAll("SELECT \(raw: Photo.columns) FROM photos WHERE id IN (\(raw: wanted.map(String.init).joined(separator: ", ")))", Photo.init)
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return wanted.compactMap { byID[$0] }
    }
}
