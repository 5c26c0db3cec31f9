import Foundation
import HTTPServer
import RoadTrip
import Synchronization
import Testing
@testable import RoadTripWeb

/// Fetches nothing: answers a small page for any URL, counts what it was asked, can fail, and
/// can hold every fetch until a test lets it go (`held`).
final class FakePageFetcher: EventPageFetching {
    struct Failure: Error {}

    let refusesFraming: Bool
    /// Where a fetch of a URL ends up (a redirect), when not at the URL itself.
    let finalURL: @Sendable (String) -> String
    let contentType: String?
    let body: [UInt8]
    private let calls = Mutex<[String]>([])
    private let failing: Bool
    private let held: DispatchSemaphore?

    init(
        refusesFraming: Bool, failing: Bool = false, finalURL: @escaping @Sendable (String) -> String = { $0 },
        contentType: String? = "text/html", body: [UInt8] = Array(FakePageFetcher.body.utf8), held: Bool = false
    ) {
        self.refusesFraming = refusesFraming
        self.failing = failing
        self.held = held ? DispatchSemaphore(value: 0) : nil
        self.finalURL = finalURL
        self.contentType = contentType
        self.body = body
    }

    var requested: [String] { calls.withLock { $0 } }

    static let body =
        "<!DOCTYPE html><html><head><title>Tonight</title></head><body><header>Events</header><img src=\"poster.png\"></body></html>"

    /// Lets the held fetches, and every later one, go.
    func release() {
        held?.signal()
    }

    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        calls.withLock { $0.append(url) }
        if let held {
            held.wait()
            held.signal()  // the next waiting fetch goes too
        }
        if failing { throw Failure() }
        return FetchedEventPage(finalURL: finalURL(url), contentType: contentType, body: body, refusesFraming: refusesFraming)
    }
}

/// RoadTrip's saved copies of event pages: fetched in the background when a page is viewed,
/// shown instead of a page that refuses framing, served sandboxed.
@Suite struct SavedCopyTests {
    let web: WebFixture
    let clock = TestClockBox()
    let newYork: Destination
    let events: [String]

    /// "Now" on `clock`, as the page writes it.
    static let madeAt = "1 Jan 2026, 00:00 UTC"

    init() throws {
        web = try WebFixture()
        newYork = try web.destination(named: "New York City")
        events = try web.library.events.all(destination: newYork.id)
    }

    /// An app whose copies come from `fetcher`, and Ann signed in to it with New York as her trip.
    func signedIn(fetcher: any EventPageFetching) throws -> (Visitor, SavedCopies) {
        let copies = SavedCopies(
            folder: web.folder.appendingPathComponent("cache/event-pages", isDirectory: true), fetcher: fetcher,
            jobs: JobQueue(database: web.library.database, clock: clock.wallClock), clock: clock.wallClock
        )
        let app = App(library: web.library, assets: try AssetCatalog.bundled(), copies: copies, log: web.log.sink)
        let account = try web.library.accounts.create(
            name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let grant = try web.library.authenticator.sessions.start(for: account)
        let ann = Visitor(app: app, address: "192.0.2.1")
        ann.cookies[Visitor.sessionCookie] = grant.token
        ann.formToken = grant.session.csrfToken
        try web.library.trips.choose(newYork.id, for: account.id)
        return (ann, copies)
    }

    private func current(_ response: Response) throws -> BookMarkup.Page {
        try #require(BookMarkup.pages(in: response.bodyText).first { $0.isCurrent })
    }

    @Test func aPageThatRefusesFramingIsShownFromTheSavedCopy() throws {
        // setup
        // the copy waits until the page was seen without it (else a quick worker may be first)
        let fetcher = FakePageFetcher(refusesFraming: true, held: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        let first = try current(ann.get(Route.eventsBook(page: 2).path))

        // MUT
        fetcher.release()
        copies.waitUntilIdle()
        let page = try current(ann.get(Route.eventsBook(page: 2).path))

        // validate
        #expect(first.source == nil, "before the copy is made, nothing is framed: the site's refusal is not known yet")
        #expect(first.placeholder == "www.nycgovparks.org", "RoadTrip's placeholder names whose page is coming")
        #expect(first.savedCopy == nil)
        #expect(page.source == Route.eventCopy(page: 2).path)
        #expect(page.placeholder == nil)
        #expect(page.original == events[1])
        #expect(!page.offersLive, "a site refusing framing is never framed: Open in a new tab only")
        let link = try #require(page.savedCopy)
        #expect(link.href == Route.eventCopy(page: 2).path)
        #expect(link.text == "RoadTrip's copy of \(Self.madeAt)")
        #expect(page.sandbox.map { !$0.contains("allow-same-origin") } == true)
    }

    @Test func theSavedCopyIsServedSandboxedWithABaseAtTheOriginal() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let response = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html", "the type the site sent")
        let gesture = try #require(try AssetCatalog.bundled().frameGesture)
        let page = FakePageFetcher.body.replacingOccurrences(of: "<head>", with: "<head><base href=\"\(events[1])\">")
        #expect(response.bodyText == page + String(decoding: gesture.element, as: UTF8.self), "the page, then the book's gesture")
        let policy = try #require(response.headers["Content-Security-Policy"])
        let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(policy.hasPrefix("sandbox"))
        #expect(directives.first.map { !$0.contains("allow-same-origin") } == true, "its own origin, never RoadTrip's")
        #expect(directives.contains("frame-ancestors 'self'"))
        #expect(directives.contains("script-src \(gesture.hashSource)"), "no script but the gesture")
        #expect(!directives.contains { $0.hasPrefix("frame-src") }, "the app's own policy was not put over it: \(policy)")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func aPageThatAllowsFramingIsShownFromItsCopyWithTheLivePageOneTapAway() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false))
        ann.get(Route.eventsBook(page: 3).path)
        copies.waitUntilIdle()

        // MUT
        let response = ann.get(Route.eventsBook(page: 3).path)

        // validate
        let page = try current(response)
        #expect(page.source == Route.eventCopy(page: 3).path, "the copy turns from anywhere: it is what the book shows")
        #expect(page.original == events[2])
        #expect(page.offersLive)
        let link = try #require(page.savedCopy)
        #expect(link.href == Route.eventCopy(page: 3).path)
        #expect(link.text == "RoadTrip's copy of \(Self.madeAt)")
        #expect(ann.get(Route.eventCopy(page: 3).path).status == .ok, "the copy is there to open")
    }

    @Test func theNeighboursOfAViewedPageAreFetchedToo() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)

        // MUT
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.sorted() == [events[0], events[1], events[2]].sorted())
        let partner = try #require(BookMarkup.pages(in: ann.get(Route.eventsBook(page: 2).path).bodyText).first { !$0.isCurrent })
        #expect(partner.number == 3)
        #expect(partner.source == Route.eventCopy(page: 3).path, "the spread partner shows its copy too")
    }

    @Test func turningToAPageWithAFreshCopyFetchesOnlyTheNewNeighbour() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: false)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsBook(page: 1).path)
        copies.waitUntilIdle()

        // MUT
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.sorted() == [events[0], events[1], events[2]].sorted())
    }

    @Test func withoutACopyTheCopyRouteIsNotFound() throws {
        // setup
        let (ann, _) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))

        // MUT
        let response = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(response.status == .notFound)
        #expect(response.message.contains("RoadTrip has no saved copy of this page yet."))
        #expect(response.headers["Content-Security-Policy"]?.hasPrefix("sandbox") == false)
    }

    @Test func theCopyRouteOfAPageOutsideTheBookIsNotFound() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        ann.get(Route.eventsBook(page: 4).path)
        copies.waitUntilIdle()

        // MUT
        let response = ann.get(Route.eventCopy(page: 5).path)

        // validate
        #expect(response.status == .notFound)
    }

    @Test func anAppToldNeverToFetchHasNoCopies() throws {
        // setup
        let (annWithCopies, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        annWithCopies.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()
        let ann = try web.signedIn(try annWithCopies.account(in: web))

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)
        let page = try current(ann.get(Route.eventsBook(page: 2).path))

        // validate
        #expect(copy.status == .notFound)
        #expect(page.source == events[1])
        #expect(page.savedCopy == nil)
    }

    @Test func aFailedFetchLeavesTheOriginalInTheFrame() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: true, failing: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let page = try current(ann.get(Route.eventsBook(page: 2).path))

        // validate
        #expect(!fetcher.requested.isEmpty)
        #expect(page.source == events[1], "no copy can work: the live page, turned by its edge handles")
        #expect(page.placeholder == nil)
        #expect(page.savedCopy == nil)
        #expect(ann.get(Route.eventCopy(page: 2).path).status == .notFound)
    }

    @Test func choosingATripFetchesTheCopiesItsBookOpensWith() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: false)
        let (ann, copies) = try signedIn(fetcher: fetcher)

        // MUT
        let chosen = ann.post(Route.chooseDestination(id: newYork.id).path)
        copies.waitUntilIdle()

        // validate
        #expect(chosen.status == .seeOther)
        #expect(fetcher.requested.sorted() == [events[0], events[1]].sorted(), "the first page and the one a turn brings")
        let page = try current(ann.get(Route.eventsBook(page: 1).path))
        #expect(page.source == Route.eventCopy(page: 1).path, "the book opens on its copy, no placeholder")
    }

    @Test func aCopyOfARedirectedPageHasItsBaseWhereTheRedirectsEnded() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: true, finalURL: { $0 + "?from=redirect&x=\"1\"" })
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let response = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(response.bodyText.contains("<head><base href=\"\(events[1])?from=redirect&amp;x=&quot;1&quot;\"><title>"))
    }

    @Test func theSampleBooksPagesAreNeverFetched() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        let sample = try SampleBook.install(pages: 12, in: web.library.database)
        try web.library.trips.choose(sample, for: try ann.account(in: web).id)

        // MUT
        let page = try current(ann.get(Route.eventsBook(page: 3).path))
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested.isEmpty)
        #expect(page.source == Route.samplePage(3).path)
        #expect(page.savedCopy == nil)
        #expect(ann.get(Route.eventCopy(page: 3).path).status == .notFound)
    }

    @Test func addingAnEventPageFetchesItsCopy() throws {
        // setup
        let fetcher = FakePageFetcher(refusesFraming: false)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsEditor.path)

        // MUT
        ann.post(Route.eventsEditor.path, [("url", "https://example.org/fair")])
        copies.waitUntilIdle()

        // validate
        #expect(fetcher.requested == ["https://example.org/fair"])
        #expect(copies.copy(of: "https://example.org/fair") != nil)
    }

    // MARK: - What the site said the page is

    /// An HTTP charset outranks a `<meta charset>`: a Latin-1 page served as UTF-8 turns "Café" into "Caf�".
    @Test func aCopyIsServedInTheCharsetItWasSentIn() throws {
        // setup
        let latin1 = Array("<html><head><title>Caf".utf8) + [0xE9] + Array(" concerts</title></head><body></body></html>".utf8)
        let fetcher = FakePageFetcher(refusesFraming: true, contentType: "text/html; charset=ISO-8859-1", body: latin1)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let response = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"]?.lowercased() == "text/html; charset=iso-8859-1")
        #expect(response.bodyBytes.contains(0xE9), "the bytes are kept as they came")
    }
}
