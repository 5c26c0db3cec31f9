import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct BookPageTests {
    let web: WebFixture
    let ann: Visitor
    let newYork: Destination
    /// New York's four event pages, in book order.
    let events: [String]

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        newYork = try web.destination(named: "New York City")
        events = try web.library.events.all(destination: newYork.id)
    }

    private func choose(_ destination: Int64) throws {
        try web.library.trips.choose(destination, for: try ann.account(in: web).id)
    }

    private func chooseSample(pages: Int) throws {
        try choose(try SampleBook.install(pages: pages, in: web.library.database))
    }

    // MARK: - One page

    @Test func aPageShowsItsEventInASandboxedFrame() throws {
        // setup
        try choose(newYork.id)
        #expect(events.count == 4)

        // MUT
        let response = ann.get(Route.eventsBook(page: 3).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        let book = try #require(BookMarkup.book(in: html))
        #expect(Markup.attribute("data-page", of: book) == "3")
        #expect(Markup.attribute("data-pages", of: book) == "4")
        let current = try #require(BookMarkup.pages(in: html).first { $0.isCurrent })
        #expect(current.number == 3)
        #expect(current.source == events[2])
        let sandbox = try #require(current.sandbox, "the frame is sandboxed")
        #expect(!sandbox.contains("allow-same-origin"))
        #expect(sandbox.contains("allow-scripts"))
        #expect(BookMarkup.indicator("single", in: html) == "Page 3 of 4")
        #expect(html.contains("<title>Events · RoadTrip</title>"))
    }

    @Test func previousAndNextLeadToTheNeighbouringPages() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 3).path).bodyText

        // validate
        #expect(BookMarkup.turn("prev", "single", in: html) == .link(Route.eventsBook(page: 2).path))
        #expect(BookMarkup.turn("next", "single", in: html) == .link(Route.eventsBook(page: 4).path))
    }

    @Test func theFirstPageCannotTurnBack() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 1).path).bodyText

        // validate
        #expect(BookMarkup.turn("prev", "single", in: html) == .disabled)
        #expect(BookMarkup.turn("prev", "spread", in: html) == .disabled)
        #expect(BookMarkup.turn("next", "single", in: html) == .link(Route.eventsBook(page: 2).path))
        #expect(BookMarkup.turn("next", "spread", in: html) == .link(Route.eventsBook(page: 2).path))
        #expect(BookMarkup.indicator("single", in: html) == "Page 1 of 4")
    }

    @Test func theLastPageCannotTurnOn() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 4).path).bodyText

        // validate
        #expect(BookMarkup.turn("next", "single", in: html) == .disabled)
        #expect(BookMarkup.turn("next", "spread", in: html) == .disabled)
        #expect(BookMarkup.turn("prev", "single", in: html) == .link(Route.eventsBook(page: 3).path))
        #expect(BookMarkup.turn("prev", "spread", in: html) == .link(Route.eventsBook(page: 2).path))
        #expect(BookMarkup.indicator("single", in: html) == "Page 4 of 4")
    }

    // MARK: - Spreads

    @Test func theFirstPageStandsAloneOnTheRight() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 1).path).bodyText

        // validate
        #expect(BookMarkup.pages(in: html).map(\.number) == [1])
        #expect(BookMarkup.indicator("spread", in: html) == "Page 1 of 4")
    }

    @Test func anOddPageShowsBesideTheEvenPageBeforeIt() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 3).path).bodyText

        // validate
        let pages = BookMarkup.pages(in: html)
        #expect(pages.map(\.number) == [2, 3], "the even page on the left")
        #expect(pages.map(\.isCurrent) == [false, true])
        #expect(pages.first?.source == events[1])
        #expect(pages.first?.loading == "lazy")
        #expect(pages.last?.loading == "eager")
        #expect(BookMarkup.indicator("spread", in: html) == "Pages 2–3 of 4")
        #expect(BookMarkup.turn("prev", "spread", in: html) == .link(Route.eventsBook(page: 1).path))
        #expect(BookMarkup.turn("next", "spread", in: html) == .link(Route.eventsBook(page: 4).path))
    }

    @Test func anEvenPageShowsBesideTheOddPageAfterIt() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 2).path).bodyText

        // validate
        let pages = BookMarkup.pages(in: html)
        #expect(pages.map(\.number) == [2, 3])
        #expect(pages.map(\.isCurrent) == [true, false])
        #expect(pages.last?.source == events[2])
        #expect(BookMarkup.indicator("spread", in: html) == "Pages 2–3 of 4")
    }

    /// Even pages are always on the left (issue 4), so an even book ends on a left page alone.
    @Test func theLastPageOfAnEvenBookStandsAloneOnTheLeft() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 4).path).bodyText

        // validate
        #expect(BookMarkup.pages(in: html).map(\.number) == [4])
        #expect(BookMarkup.indicator("spread", in: html) == "Page 4 of 4")
    }

    @Test func theLastPageOfAnOddBookShowsBesideTheEvenPageBeforeIt() throws {
        // setup
        try choose(newYork.id)
        try web.library.events.add("https://example.org/fifth", destination: newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 5).path).bodyText

        // validate
        #expect(BookMarkup.pages(in: html).map(\.number) == [4, 5])
        #expect(BookMarkup.indicator("spread", in: html) == "Pages 4–5 of 5")
        #expect(BookMarkup.turn("next", "spread", in: html) == .disabled)
        #expect(BookMarkup.turn("prev", "spread", in: html) == .link(Route.eventsBook(page: 2).path))
    }

    // MARK: - No such page

    @Test(arguments: ["/trip/events/0", "/trip/events/5", "/trip/events/100001", "/trip/events/03", "/trip/events/-1"])
    func aPageOutsideTheBookIsNotFound(path: String) throws {
        // setup
        try choose(newYork.id)

        // MUT
        let response = ann.get(path)

        // validate
        #expect(response.status == .notFound)
        #expect(BookMarkup.book(in: response.bodyText) == nil)
    }

    @Test func withoutATripTheBookIsNotFoundAndAsksToChooseADestination() throws {
        // MUT
        let response = ann.get(Route.eventsBook(page: 1).path)

        // validate
        #expect(response.status == .notFound)
        #expect(response.message.contains("Choose a destination to start"))
        #expect(Markup.texts(ofClass: "trip-prompt", element: "p", in: response.bodyText) == ["Choose a destination to start"])
    }

    @Test func aDestinationWithoutEventsSendsToTheEditor() throws {
        // setup
        try choose(newYork.id)
        for _ in events { try web.library.events.remove(page: 1, destination: newYork.id) }

        // MUT
        let response = ann.get(Route.eventsBook(page: 1).path)

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.eventsEditor.path)
    }

    // MARK: - The sample book

    @Test func theSampleBookFramesItsGeneratedPages() throws {
        // setup
        try chooseSample(pages: 12)

        // MUT
        let response = ann.get(Route.eventsBook(page: 3).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(BookMarkup.book(in: html).flatMap { Markup.attribute("data-pages", of: $0) } == "12")
        let pages = BookMarkup.pages(in: html)
        #expect(pages.map(\.number) == [2, 3])
        #expect(pages.map(\.source) == [Route.samplePage(2).path, Route.samplePage(3).path])
        #expect(pages.allSatisfy { $0.sandbox.map { !$0.contains("allow-same-origin") } == true })
    }

    /// Only that the last page of a big book is served whole; how fast is the benchmark's business.
    @Test func aTenThousandPageSampleOpensAtItsLastPage() throws {
        // setup
        try chooseSample(pages: 10_000)

        // MUT
        let response = ann.get(Route.eventsBook(page: 10_000).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        let book = try #require(BookMarkup.book(in: html))
        #expect(Markup.attribute("data-page", of: book) == "10000")
        #expect(Markup.attribute("data-pages", of: book) == "10000")
        #expect(BookMarkup.pages(in: html).map(\.source) == [Route.samplePage(10_000).path])
        #expect(BookMarkup.indicator("single", in: html) == "Page 10000 of 10000")
        #expect(BookMarkup.turn("next", "single", in: html) == .disabled)
        #expect(BookMarkup.turn("next", "spread", in: html) == .disabled)
        #expect(BookMarkup.turn("prev", "single", in: html) == .link(Route.eventsBook(page: 9_999).path))
        #expect(ann.get(Route.eventsBook(page: 10_001).path).status == .notFound)
    }

    @Test func aSamplePageIsServedWithoutASession() throws {
        // setup
        try SampleBook.install(pages: 12, in: web.library.database)
        let stranger = web.visitor()

        // MUT
        let response = stranger.get(Route.samplePage(3).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(html.contains("<h1>Chapter 3</h1>"))
        #expect(html.contains("<p>This is the page 3 of content.</p>"))
        #expect(html.contains("<title>Chapter 3</title>"))
    }

    @Test(arguments: [13, 100_000])
    func aSamplePageBeyondTheSamplesLengthIsNotFound(page: Int) throws {
        // setup
        try SampleBook.install(pages: 12, in: web.library.database)

        // MUT
        let response = web.visitor().get(Route.samplePage(page).path)

        // validate
        #expect(response.status == .notFound)
        #expect(!response.bodyText.contains("Chapter"))
    }

    @Test func withoutTheSampleThereAreNoSamplePages() {
        // MUT
        let response = web.visitor().get(Route.samplePage(1).path)

        // validate
        #expect(response.status == .notFound)
    }

    // MARK: - Settings

    @Test func savingBookSettingsKeepsThemAndReturnsToThePage() throws {
        // setup
        try choose(newYork.id)
        ann.get(Route.eventsBook(page: 3).path)

        // MUT
        let response = ann.post(
            Route.bookSettings(from: nil).path, [("from", "/trip/events/3"), ("transition", "scroll"), ("orientation", "vertical")])

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.eventsBook(page: 3).path)
        let account = try ann.account(in: web)
        #expect(try web.library.trips.settings(of: account.id) == BookSettings(transition: .scroll, orientation: .vertical))
        let html = ann.get(Route.eventsBook(page: 3).path).bodyText
        let book = try #require(BookMarkup.book(in: html))
        #expect(Markup.attribute("data-transition", of: book) == "scroll")
        #expect(Markup.attribute("data-orientation", of: book) == "vertical")
        let screen = ann.get(Route.bookSettings(from: "/trip/events/3").path).bodyText
        let checked = Markup.tags("input", in: screen).filter { $0.hasSuffix(" checked>") }.compactMap { Markup.attribute("value", of: $0) }
        #expect(checked == ["scroll", "vertical"], "the settings screen shows what was saved")
    }

    /// The book's own screen is the page, its caption and Previous / Next: the settings are
    /// behind "Aa" in the bar, which leads back to the page it was opened on.
    @Test func theBookPageHasNoSettingsFormOnlyAaInTheBar() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let html = ann.get(Route.eventsBook(page: 3).path).bodyText

        // validate
        #expect(Markup.tags("form", in: html).allSatisfy { Markup.attribute("action", of: $0) != Route.bookSettings(from: nil).path })
        let link = try #require(
            Markup.tags("a", in: html).first { Markup.attribute("class", of: $0)?.contains("book-settings-link") == true })
        #expect(Markup.attribute("href", of: link) == "/trip/book-settings?from=%2Ftrip%2Fevents%2F3")
        #expect(Markup.attribute("aria-label", of: link) == "Reading settings")
    }

    @Test func theSettingsScreenFormGoesBackToTheVacationsBookPageOrYourAccount() throws {
        // setup
        try choose(newYork.id)

        // MUT
        let fromVacation = ann.get(Route.bookSettings(from: Route.vacationBook(id: 7, page: 2).path).path)
        let fromAccount = ann.post(
            Route.bookSettings(from: nil).path, [("from", Route.account.path), ("transition", "scroll"), ("orientation", "horizontal")])
        let account = ann.get(Route.account.path).bodyText

        // validate
        #expect(fromVacation.status == .ok)
        let field = try #require(Markup.tags("input", in: fromVacation.bodyText).first { Markup.attribute("name", of: $0) == "from" })
        #expect(Markup.attribute("value", of: field) == "/vacations/7/book/2")
        #expect(fromAccount.location == Route.account.path)
        #expect(account.contains("class=\"reading-settings\""), "Your account has the same form")
        let checked = Markup.tags("input", in: account).filter { $0.hasSuffix(" checked>") }.compactMap {
            Markup.attribute("value", of: $0)
        }
        #expect(checked == ["scroll", "horizontal"])
    }

    @Test func bogusBookSettingsFallBackToTheDefaults() throws {
        // setup
        try choose(newYork.id)
        let account = try ann.account(in: web)
        try web.library.trips.save(BookSettings(transition: .scroll, orientation: .vertical), for: account.id)

        // MUT
        let response = ann.post(Route.bookSettings(from: nil).path, [("transition", "sideways"), ("orientation", "<diagonal>")])

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.eventsBook(page: 1).path)
        #expect(try web.library.trips.settings(of: account.id) == BookSettings())
    }

    /// Only a book's page or Your account, as RoadTrip writes them: never another site, never a
    /// page of RoadTrip's that is no book (before, a page field that was no number became page 1).
    @Test(arguments: [
        "https://evil.example/", "//evil.example/trip/events/1", "/trip/events/0", "/trip/events/abc", "/trip/events/3?x=1",
        "/trip/weather", "trip/events/2", "/vacations/1/book/100001",
    ])
    func aFromFieldThatIsNoBookPageIsRefusedNamingItAndSavesNothing(from: String) throws {
        // setup
        try choose(newYork.id)
        let account = try ann.account(in: web)

        // MUT
        let response = ann.post(
            Route.bookSettings(from: nil).path, [("from", from), ("transition", "scroll"), ("orientation", "vertical")])
        let screen = ann.get(Route.bookSettings(from: from).path)

        // validate
        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains("from field must be the address of a page of a book or of your account"))
        #expect(screen.status == .badRequest)
        #expect(try web.library.trips.settings(of: account.id) == BookSettings())
    }

    @Test func bookSettingsWithoutTheFormTokenChangeNothing() throws {
        // setup
        try choose(newYork.id)
        let account = try ann.account(in: web)

        // MUT
        let response = ann.post(Route.bookSettings(from: nil).path, [("from", "/trip/events/2"), ("transition", "scroll")], csrf: .omitted)

        // validate
        #expect(response.status == .forbidden)
        #expect(try web.library.trips.settings(of: account.id) == BookSettings())
    }
}

extension Visitor {
    /// The account this browser is signed in to.
    func account(in web: WebFixture) throws -> Account {
        guard let session = try sessionToken.flatMap({ try web.library.authenticator.sessions.session(token: $0) }) else {
            throw FixtureError(description: "this browser is not signed in")
        }
        return session.account
    }
}

/// Reading the Events book's markup (see `BookView`).
enum BookMarkup {
    /// One `article.book-page` of the book: the current page or its spread partner.
    struct Page {
        let number: Int
        let isCurrent: Bool
        /// The frame's `iframe` start tag and the rest of the article.
        let frame: String
        let article: String

        /// What the frame shows, unescaped.
        var source: String? { Markup.attribute("src", of: frame).map(BookMarkup.unescaped) }
        var original: String? { Markup.attribute("data-original", of: frame).map(BookMarkup.unescaped) }
        var sandbox: String? { Markup.attribute("sandbox", of: frame) }
        var loading: String? { Markup.attribute("loading", of: frame) }
        /// The frame waits for RoadTrip's copy behind RoadTrip's placeholder, which names the site.
        var placeholder: String? {
            article.firstMatch(
                of: #/<div class="page-status loading placeholder"[^>]*>.*?<span class="status-site">([^<]*)</span>/#.dotMatchesNewlines()
            )
            .map { String($0.output.1) }
        }
        /// "Live page" is offered (web-view.js shows the button).
        var offersLive: Bool { article.contains(#"<button type="button" class="link-button page-switch">Live page</button>"#) }
        /// The `a.saved-copy` link: where it goes and what it says.
        var savedCopy: (href: String?, text: String)? {
            guard let match = article.firstMatch(of: #/<a href="([^"]*)" class="saved-copy"[^>]*>([^<]*)</a>/#) else { return nil }
            return (String(match.output.1), String(match.output.2))
        }
    }

    enum Turn: Equatable {
        case link(String)
        case disabled
        case missing
    }

    /// The `section#book` start tag.
    static func book(in html: String) -> String? {
        Markup.tags("section", in: html).first { Markup.attribute("id", of: $0) == "book" }
    }

    static func pages(in html: String) -> [Page] {
        html.matches(of: #/<article class="book-page (current|partner)" data-page="(\d+)">(.*?)</article>/#.dotMatchesNewlines()).compactMap
        { match in
            guard let number = Int(match.output.2), let frame = Markup.tags("iframe", in: String(match.output.3)).first else { return nil }
            return Page(number: number, isCurrent: match.output.1 == "current", frame: frame, article: String(match.output.3))
        }
    }

    /// The previous or next control of one mode ("single" or "spread").
    static func turn(_ rel: String, _ mode: String, in html: String) -> Turn {
        let classes = "book-turn book-\(rel) \(mode)"
        if let link = Markup.tags("a", in: html).first(where: { Markup.attribute("class", of: $0) == classes }) {
            guard Markup.attribute("rel", of: link) == rel else { return .missing }
            return Markup.attribute("href", of: link).map(Turn.link) ?? .missing
        }
        if let span = Markup.tags("span", in: html).first(where: { Markup.attribute("class", of: $0) == classes + " disabled" }),
            Markup.attribute("aria-disabled", of: span) == "true"
        {
            return .disabled
        }
        return .missing
    }

    /// The text of the page indicator of one mode.
    static func indicator(_ mode: String, in html: String) -> String? {
        let texts = Markup.texts(ofClass: "book-indicator \(mode)", element: "p", in: html)
        return texts.count == 1 ? texts[0] : nil
    }

    static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
