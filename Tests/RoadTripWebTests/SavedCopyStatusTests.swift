import Dispatch
import Foundation
import HTTPServer
import RoadTrip
import Synchronization
import Testing
@testable import RoadTripWeb

/// Answers like `FakePageFetcher`, but only once the test lets it: the copy stays pending.
final class HeldPageFetcher: EventPageFetching {
    let inner: FakePageFetcher
    private let gate = DispatchSemaphore(value: 0)

    init(refusesFraming: Bool) { inner = FakePageFetcher(refusesFraming: refusesFraming) }

    func release() { for _ in 0..<8 { gate.signal() } }

    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        gate.wait()
        return try inner.fetchEventPage(url)
    }
}

/// The copy's status route, which book.js asks while a page's copy is fetched (issue 12, E).
extension SavedCopyTests {
    func status(_ ann: Visitor, page: Int) throws -> CopyStatusAnswer {
        let response = ann.get(Route.eventCopyStatus(page: page).path)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Cache-Control"] == "no-store")
        return try JSONDecoder().decode(CopyStatusAnswer.self, from: Data(response.bodyText.utf8))
    }

    @Test func aCopyNeverAskedForHasNoStatus() throws {
        // setup
        let (ann, _) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))

        // MUT, validate
        #expect(try status(ann, page: 2) == CopyStatusAnswer(state: "none"))
    }

    @Test func aCopyBeingFetchedIsPendingThenSavedWithWhetherTheSiteRefusesFraming() throws {
        // setup
        let fetcher = HeldPageFetcher(refusesFraming: true)
        let (ann, copies) = try signedIn(fetcher: fetcher)
        defer { fetcher.release() }

        // MUT
        let page = ann.get(Route.eventsBook(page: 2).path).bodyText
        let pending = try status(ann, page: 2)
        fetcher.release()
        copies.waitUntilIdle()
        let saved = try status(ann, page: 2)

        // validate
        #expect(page.contains("Fetching a copy of this page…"), "the page says its copy is coming")
        #expect(page.contains("data-copy-status=\"\(Route.eventCopyStatus(page: 2).path)\""), "and where book.js asks about it")
        #expect(pending == CopyStatusAnswer(state: "pending"))
        #expect(saved == CopyStatusAnswer(state: "saved", refusesFraming: true, copy: Route.eventCopy(page: 2).path, madeAt: Self.madeAt))
    }

    @Test func aCopyOfAPageThatAllowsFramingSaysSo() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false))
        ann.get(Route.eventsBook(page: 3).path)
        copies.waitUntilIdle()

        // MUT, validate
        #expect(try status(ann, page: 3).refusesFraming == false)
        #expect(try status(ann, page: 3).state == "saved")
    }

    @Test func aFailedFetchSaysWhyOnThePageAndInTheStatus() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true, failing: true))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let answer = try status(ann, page: 2)
        let again = ann.get(Route.eventsBook(page: 2).path).bodyText

        // validate
        #expect(answer == CopyStatusAnswer(state: "failed", reason: String(describing: FakePageFetcher.Failure())))
        #expect(
            again.contains("RoadTrip has no copy of this page: \(String(describing: FakePageFetcher.Failure()))"),
            "said at once, not fetched again")
        #expect(!again.contains("Fetching a copy"))
    }

    @Test func theStatusOfAPageThatDoesNotExistIsNotFound() throws {
        // setup
        let (ann, _) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))

        // MUT, validate
        #expect(ann.get(Route.eventCopyStatus(page: 99).path).status == .notFound)
    }
}

/// A site that answers nothing at all, as the libcurl fetcher reports it (`SiteUnreachable`).
final class UnreachableSiteFetcher: EventPageFetching {
    static let reason = "The page could not be fetched: Couldn't connect to server."
    private let calls = Mutex<[String: Int]>([:])

    func count(of url: String) -> Int { calls.withLock { $0[url, default: 0] } }

    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        calls.withLock { $0[url, default: 0] += 1 }
        throw SiteUnreachable(Self.reason)
    }
}

/// A page whose site could not be reached: RoadTrip says so in place of the page, with when it
/// asks again; Try again (web-view.js asks the status) fetches anew once that time has come.
extension SavedCopyTests {
    @Test func anUnreachableSiteIsSaidInPlaceOfThePageAndAskedAgainWhenItsTimeHasCome() throws {
        // setup
        let fetcher = UnreachableSiteFetcher()
        let (ann, copies) = try signedIn(fetcher: fetcher)
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()
        // In a person's words, the fetcher's own reason left to the log; when RoadTrip asks
        // again beside it, for the reader's browser to say in its own time zone.
        let message = "New York City's events site can't be reached right now."

        // MUT
        let page = try #require(BookMarkup.pages(in: ann.get(Route.eventsBook(page: 2).path).bodyText).first { $0.number == 2 })
        let early = try status(ann, page: 2)
        copies.waitUntilIdle()
        let fetchesBefore = fetcher.count(of: events[1])
        clock.advance(by: SavedCopies.retryFailedAfter + 1)
        _ = try status(ann, page: 2)  // Try again, once the time has come
        copies.waitUntilIdle()

        // validate
        #expect(Markup.attribute("data-unreachable", of: page.frame).map(BookMarkup.unescaped) == message)
        #expect(Markup.attribute("data-retry-at", of: page.frame) == "2026-01-01T00:01:00Z")
        #expect(Markup.attribute("data-retry", of: page.frame) == Route.eventCopyStatus(page: 2).path)
        #expect(early == CopyStatusAnswer(state: "unreachable", reason: message, retryAt: "2026-01-01T00:01:00Z"))
        #expect(fetchesBefore == 1, "asked before its time, the site is not fetched again")
        #expect(fetcher.count(of: events[1]) == 2, "asked after it, the site is fetched again")
    }
}

/// The Weather page is a web view like an event page's (issue 33, 9): its copy where the site
/// refuses framing, RoadTrip's message where the site could not be reached, and a status of
/// its own for web-view.js to ask.
extension SavedCopyTests {
    @Test func theWeatherOfAnUnreachableSiteSaysSoInPlaceOfThePage() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: UnreachableSiteFetcher())
        ann.get(Route.weather.path)
        copies.waitUntilIdle()

        // MUT
        let page = ann.get(Route.weather.path).bodyText
        let answer = try JSONDecoder().decode(CopyStatusAnswer.self, from: Data(ann.get(Route.weatherCopyStatus.path).bodyText.utf8))

        // validate
        let frame = try #require(Markup.tags("iframe", in: page).first)
        let message = try #require(Markup.attribute("data-unreachable", of: frame).map(BookMarkup.unescaped))
        #expect(message == "New York City's weather site can't be reached right now.")
        #expect(Markup.attribute("data-retry-at", of: frame) == "2026-01-01T00:01:00Z")
        #expect(Markup.attribute("data-retry", of: frame) == Route.weatherCopyStatus.path)
        #expect(answer == CopyStatusAnswer(state: "unreachable", reason: message, retryAt: "2026-01-01T00:01:00Z"))
    }

    @Test func theWeatherOfASiteThatRefusesFramingIsShownFromItsCopy() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        ann.get(Route.weather.path)
        copies.waitUntilIdle()

        // MUT
        let page = ann.get(Route.weather.path).bodyText
        let answer = try JSONDecoder().decode(CopyStatusAnswer.self, from: Data(ann.get(Route.weatherCopyStatus.path).bodyText.utf8))

        // validate
        let frame = try #require(Markup.tags("iframe", in: page).first)
        #expect(Markup.attribute("src", of: frame) == Route.weatherCopy.path)
        #expect(answer == CopyStatusAnswer(state: "saved", refusesFraming: true, copy: Route.weatherCopy.path, madeAt: Self.madeAt))
    }
}
