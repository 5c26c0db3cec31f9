import Dispatch
import Crypto
import Foundation
import Synchronization
import Testing
@testable import RoadTrip

/// An `EventPageFetching` that never touches the network: it answers a small HTML page, counts
/// what it was asked for, can hold every fetch until the test lets it go, and can fail.
final class FakeEventFetcher: EventPageFetching {
    struct Failure: Error, CustomStringConvertible {
        let description = "connection refused"
    }

    private let calls = Mutex<[String]>([])
    private let failing = Mutex(false)
    private let refusesFraming: Bool
    /// The type the site names, and the body it answers instead of `body(for:)`.
    private let answer: (contentType: String?, body: [UInt8]?)
    /// When set, each fetch signals `started` and then waits for `release` (10 s at most).
    private let gate: (started: DispatchSemaphore, release: DispatchSemaphore)?

    init(refusesFraming: Bool = false, blocking: Bool = false, contentType: String? = "text/html; charset=utf-8", body: [UInt8]? = nil) {
        self.refusesFraming = refusesFraming
        answer = (contentType, body)
        gate = blocking ? (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)) : nil
    }

    var requested: [String] { calls.withLock { $0 } }

    func fail(_ shouldFail: Bool) {
        failing.withLock { $0 = shouldFail }
    }

    /// Waits (at most 10 s) until a fetch has begun; false if none did.
    func waitForAFetchToStart() -> Bool {
        gate?.started.wait(timeout: .now() + 10) == .success
    }

    /// Lets `count` held fetches go on.
    func release(_ count: Int = 1) {
        for _ in 0..<count { gate?.release.signal() }
    }

    static func body(for url: String) -> String {
        "<!DOCTYPE html><html><head><title>Fair</title></head><body><a href=\"tickets\">Tickets</a> for \(url)</body></html>"
    }

    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        calls.withLock { $0.append(url) }
        if let gate {
            gate.started.signal()
            // Bounded, so that a fetch made where it should not be fails the test instead of hanging it.
            _ = gate.release.wait(timeout: .now() + 10)
        }
        if failing.withLock({ $0 }) { throw Failure() }
        return FetchedEventPage(
            finalURL: url, contentType: answer.contentType, body: answer.body ?? Array(FakeEventFetcher.body(for: url).utf8),
            refusesFraming: refusesFraming
        )
    }
}

/// Collects log lines from the fetch threads.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite struct SavedCopiesTests {
    let data = FreshDataFolder()
    let clock = TestClock()
    let log = LogLines()
    /// The library's job queue, which the fetches go through.
    let jobs: JobQueue

    init() throws {
        jobs = JobQueue(database: try data.library().database, clock: clock.wallClock)
    }

    static let fair = "https://example.org/fair?day=2"
    static let market = "https://example.org/market"

    var folder: URL { data.url.appendingPathComponent("cache/event-pages", isDirectory: true) }

    func copies(_ fetcher: FakeEventFetcher) -> SavedCopies {
        SavedCopies(folder: folder, fetcher: fetcher, jobs: jobs, clock: clock.wallClock, log: log.sink)
    }

    @Test func thereIsNoCopyBeforeThePageWasFetched() {
        // setup
        let copies = copies(FakeEventFetcher())

        // MUT + validate
        #expect(copies.copy(of: Self.fair) == nil)
    }

    @Test func aRequestedPageIsSavedWithABaseAndItsMetadataUnderItsDigest() throws {
        // setup
        let fetcher = FakeEventFetcher(refusesFraming: true)
        let copies = copies(fetcher)

        // MUT
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        let copy = try #require(copies.copy(of: Self.fair))
        let name = SHA256.hexDigest(Array(Self.fair.utf8))
        #expect(copy.url == Self.fair)
        #expect(copy.finalURL == Self.fair)
        #expect(copy.madeAt == clock.now)
        #expect(copy.refusesFraming)
        #expect(copy.path == folder.appendingPathComponent(name + ".html").path)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".json").path))
        let html = String(decoding: try #require(FileManager.default.contents(atPath: copy.path)), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html><html><head><base href=\"https://example.org/fair?day=2\"><title>Fair</title>"))
        #expect(html.hasSuffix("</body></html>"))
        #expect(fetcher.requested == [Self.fair])
    }

    @Test func eachPageOfARequestIsFetchedOnce() {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)

        // MUT
        copies.request([Self.fair, Self.market, Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.sorted() == [Self.fair, Self.market])
        #expect(copies.copy(of: Self.market)?.refusesFraming == false)
    }

    @Test func theJobsOfARequestAreQueuedInOneTransaction() throws {
        // setup: the fetches wait, so no worker writes meanwhile
        let database = CountingDatabase(try data.library().database)
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = SavedCopies(
            folder: folder, fetcher: fetcher, jobs: JobQueue(database: database, clock: clock.wallClock),
            clock: clock.wallClock, concurrentFetches: 1, log: log.sink)
        let urls = (1...500).map { "https://example.org/event/\($0)" }
        let before = database.writesOfThisThread

        // MUT
        copies.request(urls)
        let writes = database.writesOfThisThread - before

        // validate
        #expect(try JobQueue(database: database).pending()[.offlineCopy] == urls.count, "every page queued")
        #expect(writes == 1, "one write queues them all, not \(writes)")
        fetcher.release(urls.count)
        copies.waitUntilIdle()
    }

    @Test func aPageAskedForAgainWhileItIsBeingFetchedIsFetchedOnce() {
        // setup
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = copies(fetcher)
        copies.request([Self.fair])
        #expect(fetcher.waitForAFetchToStart(), "the first fetch began")

        // MUT
        copies.request([Self.fair])
        copies.request([Self.fair])

        // validate
        fetcher.release(3)  // more than needed: a second fetch, had there been one, must not hang the test
        copies.waitUntilIdle()
        #expect(fetcher.requested == [Self.fair])
        #expect(copies.copy(of: Self.fair) != nil)
    }

    @Test func aPageAskedForFromManyThreadsAtOnceIsFetchedOnce() {
        // setup
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = copies(fetcher)

        // MUT
        DispatchQueue.concurrentPerform(iterations: 16) { _ in copies.request([Self.fair]) }

        // validate
        #expect(fetcher.waitForAFetchToStart())
        fetcher.release(16)
        copies.waitUntilIdle()
        #expect(fetcher.requested == [Self.fair])
    }

    @Test func requestReturnsBeforeTheFetchEnds() {
        // setup
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = copies(fetcher)

        // MUT
        copies.request([Self.fair])  // the fetch is held: were it done on this thread, this would never return

        // validate
        #expect(fetcher.waitForAFetchToStart())
        #expect(copies.copy(of: Self.fair) == nil)
        fetcher.release()
        copies.waitUntilIdle()
        #expect(copies.copy(of: Self.fair) != nil)
    }

    @Test func aCopyYoungerThanADayIsNotFetchedAgain() {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)
        copies.request([Self.fair])
        copies.waitUntilIdle()
        clock.advance(by: 24 * .hour - 1)

        // MUT
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested == [Self.fair])
    }

    @Test func aCopyADayOldIsFetchedAgainAndRedated() throws {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)
        copies.request([Self.fair])
        copies.waitUntilIdle()
        clock.advance(by: 24 * .hour)

        // MUT
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested == [Self.fair, Self.fair])
        #expect(try #require(copies.copy(of: Self.fair)).madeAt == clock.now)
    }

    @Test func aFailedFetchSavesNothingAndLogsOnlyTheSite() {
        // setup
        let fetcher = FakeEventFetcher()
        fetcher.fail(true)
        let copies = copies(fetcher)
        let secret = "https://tickets.example.org/fair?token=s3cr3t"

        // MUT
        copies.request([secret])
        copies.waitUntilIdle()

        // validate
        #expect(copies.copy(of: secret) == nil)
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("tickets.example.org") == true)
        #expect(log.all.first?.contains("connection refused") == true)
        #expect(log.all.allSatisfy { !$0.contains("s3cr3t") }, "\(log.all)")
    }

    @Test func aFailedFetchIsTriedAgainOnARequestAMinuteLater() {
        // setup
        let fetcher = FakeEventFetcher()
        fetcher.fail(true)
        let copies = copies(fetcher)
        copies.request([Self.fair])
        copies.waitUntilIdle()
        fetcher.fail(false)

        // MUT: at once (the page shows why it failed, not "Fetching" again), then a minute later.
        copies.request([Self.fair])
        copies.waitUntilIdle()
        let tooSoon = fetcher.requested
        clock.advance(by: SavedCopies.retryFailedAfter)
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(tooSoon == [Self.fair])
        #expect(fetcher.requested == [Self.fair, Self.fair])
        #expect(copies.copy(of: Self.fair) != nil)
    }

    @Test func aFailedRefreshKeepsTheOldCopy() throws {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)
        copies.request([Self.fair])
        copies.waitUntilIdle()
        let made = clock.now
        clock.advance(by: 2 * .day)
        fetcher.fail(true)

        // MUT
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.count == 2)
        #expect(try #require(copies.copy(of: Self.fair)).madeAt == made)
    }

    @Test(arguments: ["javascript:alert(1)", "ftp://example.org/fair", "/trip/events/1", "file:///etc/passwd", ""])
    func anAddressThatIsNotAWebPageIsNeverFetched(url: String) {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)

        // MUT
        copies.request([url])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.isEmpty)
        #expect(copies.copy(of: url) == nil)
    }

    @Test func aCopyWithoutItsPageFileIsNoCopy() throws {
        // setup
        let copies = copies(FakeEventFetcher())
        copies.request([Self.fair])
        copies.waitUntilIdle()
        let path = try #require(copies.copy(of: Self.fair)).path

        // MUT
        try FileManager.default.removeItem(atPath: path)

        // validate
        #expect(copies.copy(of: Self.fair) == nil)
    }
}

/// The copy's `<base href>`: first thing in `<head>`, so relative links reach the original site.
@Suite struct CopyDocumentTests {
    static let base = "https://example.org/fair/"

    func withBase(_ html: String, base: String = CopyDocumentTests.base) -> String {
        String(decoding: CopyDocument.withBase(Array(html.utf8), base: base), as: UTF8.self)
    }

    @Test func theBaseGoesRightAfterHead() {
        // MUT
        let html = withBase("<html><head><title>Fair</title></head><body>x</body></html>")

        // validate
        #expect(html == "<html><head><base href=\"https://example.org/fair/\"><title>Fair</title></head><body>x</body></html>")
    }

    @Test func anUppercaseHeadWithAttributesIsFound() {
        // MUT
        let html = withBase("<HTML><HEAD lang=x><TITLE>Fair</TITLE></HEAD></HTML>")

        // validate
        #expect(html == "<HTML><HEAD lang=x><base href=\"https://example.org/fair/\"><TITLE>Fair</TITLE></HEAD></HTML>")
    }

    @Test func aHeaderIsNotTakenForTheHead() {
        // MUT
        let html = withBase("<header>Top</header><head><title>Fair</title></head>")

        // validate
        #expect(html == "<header>Top</header><head><base href=\"https://example.org/fair/\"><title>Fair</title></head>")
    }

    @Test func aHeaderAloneIsNotTakenForTheHead() {
        // MUT
        let html = withBase("<body><header>Top</header></body>")

        // validate
        #expect(html == "<base href=\"https://example.org/fair/\"><body><header>Top</header></body>")
    }

    @Test func withoutAHeadTheBaseComesFirst() {
        // MUT
        let html = withBase("<p>Fair today</p>")

        // validate
        #expect(html == "<base href=\"https://example.org/fair/\"><p>Fair today</p>")
    }

    /// Anything before `<!DOCTYPE html>` puts the browser in quirks mode, so the base goes after it.
    @Test func withoutAHeadTheDoctypeStaysFirst() {
        // MUT
        let html = withBase("<!DOCTYPE html><html lang=en><body><p>Fair</p></body></html>")

        // validate
        #expect(html.hasPrefix("<!DOCTYPE html>"), "\(html)")
        #expect(html.contains("<base href=\"https://example.org/fair/\">"))
        #expect(html.hasSuffix("<body><p>Fair</p></body></html>"))
    }

    @Test func aBaseWithQuotesAndAnglesIsEscaped() {
        // MUT
        let html = withBase("<head></head>", base: "https://example.org/?q=\"x\"&a=<b>")

        // validate
        #expect(html == "<head><base href=\"https://example.org/?q=&quot;x&quot;&amp;a=&lt;b&gt;\"></head>")
    }

    /// The first `<base href>` wins, so ours would override the page's own: its relative links
    /// must still resolve as the page meant, against its own base (read relative to where it was fetched).
    @Test func aPagesOwnBaseStillDecidesWhereItsLinksLead() throws {
        // MUT
        let html = withBase(
            "<head><base href=\"/\"><link rel=stylesheet href=\"site.css\"></head>", base: "https://example.org/events/today")

        // validate
        let first = try #require(html.firstMatch(of: #/<base href="([^"]*)">/#))
        #expect(first.output.1 == "https://example.org/", "\(html)")
    }

    @Test func anEmptyPageGetsOnlyTheBase() {
        // MUT + validate
        #expect(withBase("") == "<base href=\"https://example.org/fair/\">")
    }
}
