import Crypto
import Foundation
import Imaging
import SQLDatabase
import Synchronization

/// Flickr as a second source of photos: its top places and their latest photos, through the
/// client, RoadTrip's image cache and its record of the photos listed. Answers are kept a
/// while in memory, so browsing does not ask Flickr for the same list again and again.
public final class FlickrService: Sendable {
    /// A key given on the command line or in the environment; it wins over the one in Settings.
    let configuredKey: String?
    let endpoint: URL
    let transport: any FlickrTransport
    public let cache: FlickrImageCache
    let database: Database
    let clock: WallClock
    private let answers = Mutex<[String: (at: Date, value: Any & Sendable)]>([:])

    static let placesLifetime: TimeInterval = 3600
    static let photosLifetime: TimeInterval = 600

    public init(
        configuredKey: String?, endpoint: URL = FlickrSettings.defaultEndpoint, transport: any FlickrTransport,
        cacheFolder: URL, cacheCapacity: Int = FlickrImageCache.defaultCapacity, database: Database, clock: WallClock = .system
    ) {
        self.configuredKey = configuredKey.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.endpoint = endpoint
        self.transport = transport
        self.cache = FlickrImageCache(folder: cacheFolder, capacity: cacheCapacity, transport: transport, clock: clock)
        self.database = database
        self.clock = clock
    }

    /// The key in use: the configured one, else the one the owner entered in Settings.
    public func apiKey() throws -> String? {
        if let configuredKey { return configuredKey }
        return try database.fetch(Self.storedKeyQuery)
    }

    /// The key the owner entered in Settings, for a page that reads it with the rest.
    public static let storedKeyQuery = Query<String?>(value: "SELECT value FROM settings WHERE name = 'flickr_api_key'")

    /// Whether a key comes from the command line or the environment (Settings cannot change it then).
    public var keyIsConfigured: Bool { configuredKey != nil }

    /// Stores the owner's key (nil or blank removes it).
    public func storeKey(_ key: String?) throws {
        let key = key?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try database.write { db in
            if key.isEmpty {
                try db.execute("DELETE FROM settings WHERE name = 'flickr_api_key'")
            } else {
                try db.execute(
                    """
                    INSERT INTO settings (name, value) VALUES ('flickr_api_key', \(key)) ON CONFLICT (name) DO UPDATE SET value = \
                    excluded.value
                    """)
            }
        }
        answers.withLock { $0.removeAll() }
    }

    public func topPlaces() throws -> [FlickrPlace] {
        try remembered("places", lifetime: FlickrService.placesLifetime) { client in try client.topPlaces() }
    }

    /// A place's 50 latest photos; each is recorded, for the viewer, Recents and Visit.
    public func photos(inPlace placeID: String) throws -> [FlickrPhoto] {
        let photos: [FlickrPhoto] = try remembered("place:\(placeID)", lifetime: FlickrService.photosLifetime) { client in
            try client.photos(inPlace: placeID)
        }
        try FlickrPhotoRecords(database: database, clock: clock).save(photos)
        return photos
    }

    /// A photo RoadTrip has listed before.
    public func photo(id: String) throws -> FlickrPhoto? {
        try FlickrPhotoRecords(database: database, clock: clock).photo(id: id)
    }

    private func remembered<T: Sendable>(_ name: String, lifetime: TimeInterval, _ ask: (FlickrClient) throws -> T) throws -> T {
        guard let key = try apiKey() else { throw FlickrError.noKey }
        let now = clock.now()
        if let kept = answers.withLock({ $0[name] }), now.timeIntervalSince(kept.at) < lifetime, let value = kept.value as? T {
            return value
        }
        let value = try ask(FlickrClient(settings: FlickrSettings(apiKey: key, endpoint: endpoint), transport: transport))
        answers.withLock { $0[name] = (now, value) }
        return value
    }

    /// The vacation's snapshot of a Flickr photo: what Flickr said of it, its place, tags
    /// without machine tags, and a preview and thumbnail of its own made from the large image.
    public func visitedPhoto(_ photo: FlickrPhoto, library: PhotoStore, scratch: URL) throws -> VisitedPhoto {
        let processor = library.processor
        let place = try library.locality(latitude: photo.latitude, longitude: photo.longitude).map {
            VisitedPhoto.Place(
                id: $0.id, name: $0.name, region: $0.region, country: $0.country,
                latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
        }
        guard let large = photo.large else { throw FlickrError.badAnswer("the photo has no image") }
        let image = try cache.file(for: large.url)
        try DurableFile.makeFolder(scratch.path)
        let base = scratch.appendingPathComponent("flickr-\(UInt64.random(in: 0...UInt64.max))").path
        defer { unlink(base + ".jpg"); unlink(base + ".webp") }
        try processor.makeRenditions([.preview, .thumbnail], of: image.path) { base + ($0 == .preview ? ".jpg" : ".webp") }
        guard let preview = FileManager.default.contents(atPath: base + ".jpg"),
            let thumbnail = FileManager.default.contents(atPath: base + ".webp")
        else { throw FileError("cannot read", base) }
        return VisitedPhoto(
            sha256: FileDigest.sha256(of: Array("flickr:\(photo.id)".utf8)), title: photo.displayTitle,
            subtitle: photo.description.isEmpty || photo.description == photo.displayTitle ? nil : photo.description,
            takenAt: photo.takenAt, sortedAt: photo.takenAt ?? "", latitude: photo.latitude, longitude: photo.longitude,
            camera: nil, place: place, width: large.width, height: large.height,
            preview: [UInt8](preview), thumbnail: [UInt8](thumbnail), tags: photo.tags
        )
    }

    /// A grid thumbnail of the photo, made by libvips from Flickr's large size (itself from the
    /// cache) and kept beside the cache's files. Made once; a damaged one is made again.
    public func thumbnail(of photo: FlickrPhoto, processor: ImageProcessor) throws -> String {
        guard let large = photo.large ?? photo.original else { throw FlickrError.badAnswer("the photo has no image") }
        let folder = URL(fileURLWithPath: cache.folder).deletingLastPathComponent().appendingPathComponent("flickr-thumbnails")
        let path = folder.appendingPathComponent(FileDigest.sha256(of: Array(large.url.absoluteString.utf8)) + ".webp").path
        if let size = DurableFile.size(of: path), size > 0 { return path }
        let image = try cache.file(for: large.url)
        try DurableFile.makeFolder(folder.path)
        try processor.makeRendition(.thumbnail, of: image.path, to: path)
        return path
    }

    /// The key vacations know a Flickr photo by.
    public static func vacationKey(of photo: FlickrPhoto) -> String {
        FileDigest.sha256(of: Array("flickr:\(photo.id)".utf8))
    }
}
