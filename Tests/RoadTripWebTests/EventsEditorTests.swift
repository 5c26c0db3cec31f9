import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// The trip's event pages as a list: add (http and https only), remove, move.
@Suite struct EventsEditorTests {
    let web: WebFixture
    let ann: Visitor
    let newYork: Destination
    /// New York's four event pages before the test changed them.
    let events: [String]

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        newYork = try web.destination(named: "New York City")
        events = try web.library.events.all(destination: newYork.id)
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)
    }

    private var stored: [String] {
        get throws { try web.library.events.all(destination: newYork.id) }
    }

    /// The URLs the editor lists, in order.
    static func listed(in html: String) -> [String] {
        Markup.texts(ofClass: "row-subtitle event-url", element: "span", in: html).map(BookMarkup.unescaped)
    }

    private static func successNotice(in html: String) -> String? {
        Markup.texts(ofClass: "notice success", element: "p", in: html).first
    }

    @Test func theEditorListsThePagesInBookOrderWithTheirControls() throws {
        // MUT
        let response = ann.get(Route.eventsEditor.path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(Self.listed(in: html) == events)
        let links = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == "row-title" }.compactMap {
            Markup.attribute("href", of: $0)
        }
        #expect(links == (1...4).map { Route.eventsBook(page: $0).path })
        let actions = Markup.tags("form", in: html).compactMap { Markup.attribute("action", of: $0) }
        #expect(actions.contains(Route.eventsEditor.path))
        #expect(actions.contains(Route.eventRemoval(page: 4).path))
        #expect(actions.contains(Route.eventMove(page: 4).path))
    }

    @Test(arguments: ["https://example.org/fair?day=2&time=noon", "http://example.org/market"])
    func addingAWebAddressPutsItAtTheEnd(url: String) throws {
        // setup
        ann.get(Route.eventsEditor.path)

        // MUT
        let response = ann.post(Route.eventsEditor.path, [("url", "  \(url) ")])

        // validate
        #expect(response.status == .ok)
        #expect(try stored == events + [url])
        #expect(Self.listed(in: response.bodyText) == events + [url])
        #expect(Self.successNotice(in: response.bodyText) == "Added the page at the end of the book.")
        #expect(ann.get(Route.eventsBook(page: 5).path).status == .ok)
    }

    @Test(arguments: [
        "javascript:alert(1)", "ftp://example.org/fair", "/trip/events/1", "example.org/fair", "data:text/html,<script>x</script>",
    ])
    func anAddressThatIsNotHTTPIsRefusedWithAClearMessage(url: String) throws {
        // setup
        ann.get(Route.eventsEditor.path)

        // MUT
        let response = ann.post(Route.eventsEditor.path, [("url", url)])

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(response.message.contains("is not a web address: an event page starts with http:// or https://."), "\(response.message)")
        #expect(try stored == events, "nothing was stored")
        let field = try #require(Markup.tags("input", in: response.bodyText).first { Markup.attribute("name", of: $0) == "url" })
        #expect(Markup.attribute("value", of: field).map(BookMarkup.unescaped) == url, "what was typed is kept to correct")
        #expect(!response.bodyText.contains("<script>x"), "what was typed is escaped")
    }

    @Test func removingAPageClosesTheGap() throws {
        // setup
        ann.get(Route.eventsEditor.path)

        // MUT
        let response = ann.post(Route.eventRemoval(page: 2).path)

        // validate
        #expect(response.status == .ok)
        #expect(try stored == [events[0], events[2], events[3]])
        #expect(Self.listed(in: response.bodyText) == [events[0], events[2], events[3]])
        #expect(Self.successNotice(in: response.bodyText) == "Removed page 2.")
        #expect(TripPagesTests.TripMenu(response.bodyText).eventTotal == "3", "the menu counts the pages left")
    }

    @Test func removingAPageThatDoesNotExistIsRefused() throws {
        // MUT
        let response = ann.post(Route.eventRemoval(page: 5).path)

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(response.message.contains("There is no such event page."))
        #expect(try stored == events)
    }

    @Test func movingAPageReordersTheOthersAroundIt() throws {
        // setup
        ann.get(Route.eventsEditor.path)

        // MUT
        let response = ann.post(Route.eventMove(page: 1).path, [("to", "3")])

        // validate
        #expect(response.status == .ok)
        let expected = [events[1], events[2], events[0], events[3]]
        #expect(try stored == expected)
        #expect(Self.listed(in: response.bodyText) == expected)
        #expect(Self.successNotice(in: response.bodyText) == "Moved page 1 to 3.")
    }

    @Test(arguments: ["5", "0", "", "two"])
    func movingToAPlaceOutsideTheBookIsRefused(to: String) throws {
        // MUT
        let response = ann.post(Route.eventMove(page: 1).path, [("to", to)])

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(response.message.contains("There is no such event page."))
        #expect(try stored == events)
    }

    @Test func editsWithoutTheFormTokenChangeNothing() throws {
        // MUT
        let responses = [
            ann.post(Route.eventsEditor.path, [("url", "https://example.org/fair")], csrf: .omitted),
            ann.post(Route.eventRemoval(page: 1).path, csrf: .value("forged")),
            ann.post(Route.eventMove(page: 1).path, [("to", "2")], csrf: .omitted),
        ]

        // validate
        #expect(responses.map(\.status) == [.forbidden, .forbidden, .forbidden])
        #expect(try stored == events)
    }

    @Test func removingAndMovingArePostsOnly() throws {
        // MUT
        let responses = [ann.get(Route.eventRemoval(page: 1).path), ann.get(Route.eventMove(page: 1).path)]

        // validate
        #expect(responses.map(\.status) == [.methodNotAllowed, .methodNotAllowed])
        #expect(try stored == events)
    }

    @Test func withoutATripTheEditorAsksToChooseADestination() throws {
        // setup
        let bob = try web.signedIn("Bob", owner: false)

        // MUT
        let responses = [bob.get(Route.eventsEditor.path), bob.post(Route.eventsEditor.path, [("url", "https://example.org/fair")])]

        // validate
        #expect(responses.map(\.status) == [.notFound, .notFound])
        #expect(responses.allSatisfy { $0.message.contains("Choose a destination to start") })
        #expect(try stored == events)
    }

    // MARK: - The sample book

    @Test func theSamplesEditorSaysItsPagesAreGeneratedAndOffersNoAddForm() throws {
        // setup
        let sample = try SampleBook.install(pages: 12, in: web.library.database)
        try web.library.trips.choose(sample, for: try ann.account(in: web).id)

        // MUT
        let response = ann.get(Route.eventsEditor.path)

        // validate
        #expect(response.status == .ok)
        #expect(response.bodyText.contains("The sample book has 12 generated pages."))
        #expect(!Markup.tags("form", in: response.bodyText).contains { Markup.attribute("action", of: $0) == Route.eventsEditor.path })
    }

    @Test func theSamplesPagesCannotBeEdited() throws {
        // setup
        let sample = try SampleBook.install(pages: 12, in: web.library.database)
        try web.library.trips.choose(sample, for: try ann.account(in: web).id)
        let eventRows = try web.rows(in: "destination_events")
        ann.get(Route.eventsEditor.path)

        // MUT
        let responses = [
            ann.post(Route.eventsEditor.path, [("url", "https://example.org/fair")]),
            ann.post(Route.eventRemoval(page: 1).path),
            ann.post(Route.eventMove(page: 1).path, [("to", "2")]),
        ]

        // validate
        #expect(responses.map(\.status) == [.unprocessableContent, .unprocessableContent, .unprocessableContent])
        #expect(responses.allSatisfy { $0.message.contains("The sample book's pages are made by RoadTrip") }, "\(responses.map(\.message))")
        #expect(try web.rows(in: "destination_events") == eventRows)
        #expect(try web.library.catalog.destination(id: sample)?.eventCount == 12)
    }
}
