import Dispatch
import Crypto
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
    /// What the copy is served as: `text/html`, with the charset the page is in (`CopyMediaType`).
    public internal(set) var contentType: String?
    /// The copy itself, with a `<base>` pointing at the original.
    public var path: String = ""

    enum CodingKeys: String, CodingKey { case url, finalURL, madeAt, refusesFraming, contentType }
}

/// RoadTrip's copies of event pages: fetched in the background (never on a request thread),
/// a few at a time, kept under `DIR/cache/event-pages`, so that a page whose site refuses to be
/// framed, or a trip without network, still shows its events. Safe to delete: copies come back.
///
/// Each fetch is a job in the library's queue, so a page asked for on one instance may be
/// fetched by another, and a fetch cut short by a crash is done by whichever instance is left.
public final class SavedCopies: Sendable {
    public static let refreshAfter: TimeInterval = 24 * 3600
    /// A failed fetch is not tried again before this, so the page says why at once instead of
    /// "fetching" on every look (and a refusing site is not asked on every turn).
    public static let retryFailedAfter: TimeInterval = 60

    let folder: URL
    let fetcher: any EventPageFetching
    let clock: WallClock
    let log: @Sendable (String) -> Void
    let jobs: JobQueue
    private let runner: JobRunner
    /// The workers that fetch, for the instance to stop with a deadline (`JobRunner.stop(waitingUntil:)`).
    public var fetchers: JobRunner { runner }

    public init(
        folder: URL, fetcher: any EventPageFetching, jobs: JobQueue, clock: WallClock = .system, concurrentFetches: Int = 2,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.folder = folder
        self.fetcher = fetcher
        self.jobs = jobs
        self.clock = clock
        self.log = log
        // The workers hold the copies weakly: they stop with them.
        let fetch = WeakFetch()
        runner = JobRunner(queue: jobs, kinds: [.offlineCopy, .bookCopies], workers: concurrentFetches, log: log) { job in
            try fetch.copies?.run(job)
        }
        fetch.copies = self
        runner.start()
    }

    deinit {
        runner.stop()
    }

    /// The saved copy of `url`, when there is one.
    public func copy(of url: String) -> SavedCopy? {
        let files = self.files(for: url)
        guard let data = FileManager.default.contents(atPath: files.metadata.path),
            var copy = try? JSONDecoder().decode(SavedCopy.self, from: data),
            let type = CopyMediaType.served(copy.contentType),
            FileManager.default.fileExists(atPath: files.page.path)
        else { return nil }
        copy.contentType = type
        copy.path = files.page.path
        return copy
    }

    /// Fetches the pages that have no copy, or an old one, in the background. Returns at once.
    /// Their jobs are queued in one transaction: a book of 10,000 pages is one commit, not 10,000.
    public func request(_ urls: [String]) {
        do {
            try queueFetches(urls)
        } catch {
            log("saved copies of \(urls.count) pages not queued: \(error)")
        }
    }

    /// The same, saying when the queue could not be written (a book's check is tried again).
    func queueFetches(_ urls: [String]) throws {
        let now = clock.now()
        // Each address once: asked for twice, it could be fetched twice, should a worker take
        // and finish its first job before the second is queued.
        var seen: Set<String> = []
        let wanted = urls.filter { url in
            guard WebAddress.isValid(url), seen.insert(url).inserted else { return false }
            if let copy = copy(of: url), now.timeIntervalSince(copy.madeAt) < SavedCopies.refreshAfter { return false }
            if let failure = lastFailure(of: url), now.timeIntervalSince(failure.at) < SavedCopies.retryFailedAfter { return false }
            return true
        }
        if try jobs.enqueue(.offlineCopy, keys: wanted) > 0 { wake() }
    }

    func wake() {
        runner.wake()
    }

    /// Blocks until every requested fetch has ended (for the command line and tests).
    public func waitUntilIdle() {
        runner.waitUntilIdle()
    }

    func run(_ job: Job) throws {
        switch job.kind {
        case .offlineCopy: fetch(job.key)
        case .bookCopies: try checkBook(job.key)
        case .renditions, .backup, .trips, .tripVacation, .video, .libraryImport, .printedBook: break
        }
    }

    /// One fetch: a failed fetch is recorded beside the copies (the page says why) and not tried
    /// again by the queue; the next look at the page after `retryFailedAfter` asks again.
    func fetch(_ url: String) {
        do {
            try save(try fetcher.fetchEventPage(url), for: url)
            forgetFailure(of: url)
        } catch {
            recordFailure(error, for: url)
            log("saved copy of \(SavedCopies.hostOnly(url)) failed: \(error)")
        }
    }

    func save(_ page: FetchedEventPage, for url: String) throws {
        let files = self.files(for: url)
        // Only an HTML page is kept: see `NotAWebPage`.
        let type = try CopyMediaType.kept(page.contentType, body: page.body)
        let kept = CopyDocument.withBase(page.body, base: page.finalURL)
        let metadata = SavedCopy(
            url: url, finalURL: page.finalURL, madeAt: clock.now(), refusesFraming: page.refusesFraming, contentType: type)
        // The page first, then the metadata that points at it, each written whole and renamed into place.
        try DurableFile.write(kept, to: files.page.path)
        try DurableFile.write([UInt8](try JSONEncoder().encode(metadata)), to: files.metadata.path)
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

/// The copies the queue's workers fetch for, held weakly so the workers stop with them.
private final class WeakFetch: @unchecked Sendable {
    // Written once, in `SavedCopies.init`, before the workers start (`runner.start` comes
    // after), and only read afterwards.
    weak var copies: SavedCopies?
}
