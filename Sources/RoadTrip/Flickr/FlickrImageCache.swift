import Crypto
import Foundation
import Imaging
import Synchronization
import SystemCalls

/// Images fetched from Flickr, kept on disk so a photo looked at before opens again without
/// the network; least recently used evicted past `capacity` bytes.
///
/// Each image is a file named by the SHA-256 of its address. The time of its last use is the
/// file's modification time, so the order of eviction survives a restart; in memory an index
/// of sizes and use order, rebuilt from the folder at start, decides what goes. Every change
/// of names in the folder (a rename into place, an eviction) happens under the index's lock,
/// so the index and the folder never disagree about which files are there.
public final class FlickrImageCache: Sendable {
    public static let defaultCapacity = 200 << 20
    /// The most one fetch may bring, whatever the capacity, so a wrong address cannot fill the disk.
    static let largestImage = 50 << 20
    /// The formats a cached file may be; anything else found under a cache name is damage.
    static let acceptedFormats: Set<ImageFormat> = [.jpeg, .png, .webp]

    let folder: String
    let capacity: Int
    private let transport: any FlickrTransport
    let clock: WallClock
    let index: Mutex<CacheIndex>
    private let inFlight = Mutex<[String: Fetch]>([:])

    public init(folder: URL, capacity: Int = FlickrImageCache.defaultCapacity, transport: any FlickrTransport, clock: WallClock = .system) {
        self.folder = folder.path
        self.capacity = max(0, capacity)
        self.transport = transport
        self.clock = clock
        // A folder that cannot be made or read now starts the cache empty; storing makes the
        // folder again and reports the failure to the caller who asked for an image.
        try? DurableFile.makeFolder(self.folder)
        index = Mutex(CacheIndex.rebuilt(from: self.folder))
        evict(keeping: nil)
    }

    /// The bytes of the cached files, as the index counts them.
    public var totalSize: Int { index.withLock { $0.total } }

    /// The cached file for `url`, fetched first when it is missing or damaged (empty, or not a JPEG,
    /// PNG or WebP by its first bytes — then it is replaced). Concurrent calls for one URL fetch it
    /// once (the others wait and share the result or the error). An answer that is not 200, or not
    /// an image, throws (.unavailable / .badAnswer; a 429 is .rateLimited, as for the API) and
    /// stores nothing. An image larger than the capacity is refused. After storing, least recently
    /// used files are evicted until the total is within capacity (never the file just stored).
    /// A hit counts as a use.
    public func file(for url: URL) throws(FlickrError) -> (path: String, mediaType: String) {
        let name = FileDigest.sha256(of: Array(url.absoluteString.utf8))
        if let hit = cached(name) { return (hit.path, hit.mediaType) }
        let (fetch, leads) = inFlight.withLock { table in
            if let running = table[name] { return (running, false) }
            let started = Fetch()
            table[name] = started
            return (started, true)
        }
        guard leads else {
            let image = try fetch.outcome().get()
            return (image.path, image.mediaType)
        }
        // Another caller may have stored it between the look above and taking the lead.
        let outcome = Result { () throws(FlickrError) -> CachedImage in
            if let hit = cached(name) { return hit }
            return try fetchAndStore(url, as: name)
        }
        inFlight.withLock { table in table[name] = nil }
        fetch.finish(outcome)
        let image = try outcome.get()
        return (image.path, image.mediaType)
    }

    /// Where the image of that name lives.
    func path(of name: String) -> String { folder + "/" + name }

    /// The stored image, when the index has it and its first bytes are an accepted picture;
    /// the use is recorded in memory and as the file's modification time.
    private func cached(_ name: String) -> CachedImage? {
        let time = UseTime(clock.now())
        guard index.withLock({ $0.use(name) }) else { return nil }
        let path = path(of: name)
        guard let file = try? FileDescriptor.open(path, flags: O_RDONLY), let format = Self.sniff(file) else { return nil }
        time.set(on: file.rawValue)
        return CachedImage(path: path, mediaType: format.mediaType)
    }

    private func fetchAndStore(_ url: URL, as name: String) throws(FlickrError) -> CachedImage {
        let answer = try transport.get(url, limit: min(capacity, Self.largestImage))
        guard answer.status != 429 else { throw .rateLimited }
        guard answer.status == 200 else { throw .unavailable("HTTP \(answer.status) for an image") }
        guard let format = ImageFormat(sniffing: answer.body), Self.acceptedFormats.contains(format) else {
            throw .badAnswer("an image that is not a JPEG, PNG or WebP")
        }
        guard answer.body.count <= capacity else {
            throw .badAnswer("an image of \(answer.body.count) bytes, larger than the whole image cache")
        }
        try store(answer.body, as: name)
        return CachedImage(path: path(of: name), mediaType: format.mediaType)
    }

    /// The accepted format of an open file, by its first bytes; nil for an empty, short or
    /// foreign file.
    static func sniff(_ file: FileDescriptor) -> ImageFormat? {
        var head = [UInt8](repeating: 0, count: 64)
        guard let count = try? file.read(into: &head, at: 0) else { return nil }
        guard let format = ImageFormat(sniffing: head[0..<count]), acceptedFormats.contains(format) else { return nil }
        return format
    }
}

/// What a call for an image answers: its file and its media type.
struct CachedImage: Sendable, Equatable {
    let path: String
    let mediaType: String
}

/// One fetch in progress: callers who ask for the same address while it runs wait for its
/// outcome instead of fetching again.
final class Fetch: Sendable {
    private let done = DispatchGroup()
    private let result = Mutex<Result<CachedImage, FlickrError>>(.failure(.unavailable("the image was not fetched")))

    init() { done.enter() }

    /// Waits for the leader's outcome.
    func outcome() -> Result<CachedImage, FlickrError> {
        done.wait()
        return result.withLock { $0 }
    }

    /// Publishes the outcome to every waiter, present and future.
    func finish(_ outcome: Result<CachedImage, FlickrError>) {
        result.withLock { $0 = outcome }
        done.leave()
    }
}
