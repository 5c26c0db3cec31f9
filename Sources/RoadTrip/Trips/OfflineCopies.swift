import Dispatch
import Foundation

/// A web page as fetched for keeping: where it ended up, its bytes, and whether its site
/// forbids showing it in a frame (X-Frame-Options, or a CSP frame-ancestors that leaves RoadTrip out).
public struct FetchedEventPage: Sendable {
    public let finalURL: String
    public let contentType: String?
    public let body: [UInt8]
    public let refusesFraming: Bool

    public init(finalURL: String, contentType: String?, body: [UInt8], refusesFraming: Bool) {
        self.finalURL = finalURL
        self.contentType = contentType
        self.body = body
        self.refusesFraming = refusesFraming
    }
}

/// Fetches a web page; RoadTrip passes in its libcurl fetcher, tests pass their own.
public protocol EventPageFetching: Sendable {
    func fetchEventPage(_ url: String) throws -> FetchedEventPage
}

/// A saved copy of an event page under the data folder's cache.
public struct SavedCopy: Sendable, Equatable, Codable {
    public let url: String
    public let finalURL: String
    public let madeAt: Date
    public let refusesFraming: Bool
    /// The type the site sent (its charset included), which the copy is served with.
    public let contentType: String?
    /// The copy itself: for HTML, with a `<base>` pointing at the original.
    public var path: String = ""

    enum CodingKeys: String, CodingKey { case url, finalURL, madeAt, refusesFraming, contentType }
}

/// RoadTrip's copies of event pages: fetched in the background (never on a request thread),
/// a few at a time, kept under `DIR/cache/event-pages`, so that a page whose site refuses to be
/// framed, or a trip without network, still shows its events. Safe to delete: copies come back.
public final class OfflineCopies: Sendable {
    public static let refreshAfter: TimeInterval = 24 * 3600
    /// A failed fetch is not tried again before this, so the page says why at once instead of
    /// "fetching" on every look (and a refusing site is not asked on every turn).
    public static let retryFailedAfter: TimeInterval = 60

    let folder: URL
    let fetcher: any EventPageFetching
    let clock: WallClock
    let log: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "roadtrip.offline-copies", attributes: .concurrent)
    private let slots: DispatchSemaphore
    let pending = PendingSet()

    public init(folder: URL, fetcher: any EventPageFetching, clock: WallClock = .system, concurrentFetches: Int = 2,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.folder = folder
        self.fetcher = fetcher
        self.clock = clock
        self.log = log
        slots = DispatchSemaphore(value: max(1, concurrentFetches))
    }

    /// The saved copy of `url`, when there is one.
    public func copy(of url: String) -> SavedCopy? {
        let files = self.files(for: url)
        guard let data = FileManager.default.contents(atPath: files.metadata.path),
              var copy = try? JSONDecoder().decode(SavedCopy.self, from: data),
              FileManager.default.fileExists(atPath: files.page.path) else { return nil }
        copy.path = files.page.path
        return copy
    }

    /// Fetches the pages that have no copy, or an old one, in the background. Returns at once.
    public func request(_ urls: [String]) {
        let now = clock.now()
        for url in urls where WebAddress.isValid(url) {
            if let copy = copy(of: url), now.timeIntervalSince(copy.madeAt) < OfflineCopies.refreshAfter { continue }
            if let failure = lastFailure(of: url), now.timeIntervalSince(failure.at) < OfflineCopies.retryFailedAfter { continue }
            guard pending.insert(url) else { continue }
            queue.async { [self] in
                slots.wait()
                defer {
                    slots.signal()
                    pending.remove(url)
                }
                do {
                    try save(try fetcher.fetchEventPage(url), for: url)
                    forgetFailure(of: url)
                } catch {
                    recordFailure(error, for: url)
                    log("offline copy of \(OfflineCopies.hostOnly(url)) failed: \(error)")
                }
            }
        }
    }

    /// Blocks until every requested fetch has ended (for the command line and tests).
    public func waitUntilIdle() {
        queue.sync(flags: .barrier) {}
    }

    func save(_ page: FetchedEventPage, for url: String) throws {
        let files = self.files(for: url)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = CopyDocument.isHTML(page.contentType) ? CopyDocument.withBase(page.body, base: page.finalURL) : page.body
        let metadata = SavedCopy(
            url: url, finalURL: page.finalURL, madeAt: clock.now(), refusesFraming: page.refusesFraming, contentType: page.contentType
        )
        // The page first, then the metadata that points at it, each written whole and renamed into place.
        try Data(kept).write(to: files.page, options: .atomic)
        try JSONEncoder().encode(metadata).write(to: files.metadata, options: .atomic)
    }

    func files(for url: String) -> (page: URL, metadata: URL, failure: URL) {
        let name = SHA256.hexDigest(Array(url.utf8))
        return (
            folder.appendingPathComponent(name + ".html"), folder.appendingPathComponent(name + ".json"),
            folder.appendingPathComponent(name + ".failed.json")
        )
    }

    /// Logs name the site, never the whole address (it can carry tokens).
    static func hostOnly(_ url: String) -> String {
        URL(string: url)?.host ?? "a page"
    }
}

/// The URLs being fetched now, so one page is fetched once however often it is asked for.
final class PendingSet: @unchecked Sendable {
    // Guarded by `lock`.
    private var urls: Set<String> = []
    private let lock = NSLock()

    func insert(_ url: String) -> Bool { lock.withLock { urls.insert(url).inserted } }
    func remove(_ url: String) { lock.withLock { _ = urls.remove(url) } }
    func contains(_ url: String) -> Bool { lock.withLock { urls.contains(url) } }
}
