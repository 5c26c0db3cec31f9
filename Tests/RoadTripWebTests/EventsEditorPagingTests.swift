import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// A long book's editor shows its list a page of rows at a time, each page at its own address.
@Suite struct EventsEditorPagingTests {
    let web: WebFixture
    let ann: Visitor
    let newYork: Destination
    /// New York's 120 event pages: two full pages of the list and a part of a third.
    let events: [String]

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        newYork = try web.destination(named: "New York City")
        for number in try web.library.events.count(destination: newYork.id)..<120 {
            try web.library.events.add("https://example.org/event/\(number + 1)", destination: newYork.id)
        }
        events = try web.library.events.all(destination: newYork.id)
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)
    }

    static func listed(in html: String) -> [String] { EventsEditorTests.listed(in: html) }

    /// The addresses of the pager's links, by their `rel`.
    static func pagerLinks(in html: String) -> [String: String] {
        var links: [String: String] = [:]
        for tag in Markup.tags("a", in: html) {
            guard let rel = Markup.attribute("rel", of: tag), ["prev", "next"].contains(rel), let href = Markup.attribute("href", of: tag)
            else { continue }
            links[rel] = BookMarkup.unescaped(href)
        }
        return links
    }

    @Test func theFirstPageListsFiftyRowsAndLinksToTheNext() throws {
        // MUT
        let response = ann.get(Route.eventsEditor.path)

        // validate
        #expect(response.status == .ok)
        #expect(Self.listed(in: response.bodyText) == Array(events[0..<50]))
        #expect(Self.pagerLinks(in: response.bodyText) == ["next": Route.eventsEditorPage(2).path])
        #expect(Route.eventsEditorPage(2).path == "/trip/events/edit?page=2")
        #expect(response.bodyText.contains("Pages 1–50 of 120"))
    }

    @Test func aMiddlePageHasItsOwnRowsAndBothNeighbours() throws {
        // MUT
        let response = ann.get(Route.eventsEditorPage(2).path)

        // validate
        #expect(Self.listed(in: response.bodyText) == Array(events[50..<100]))
        #expect(Self.pagerLinks(in: response.bodyText) == ["prev": Route.eventsEditor.path, "next": Route.eventsEditorPage(3).path])
        let actions = Markup.tags("form", in: response.bodyText).compactMap { Markup.attribute("action", of: $0) }
        #expect(actions.contains(Route.eventRemoval(page: 51).path) && actions.contains(Route.eventMove(page: 100).path))
        #expect(!actions.contains(Route.eventRemoval(page: 50).path) && !actions.contains(Route.eventRemoval(page: 101).path))
        let moves = Markup.tags("input", in: response.bodyText).filter { Markup.attribute("name", of: $0) == "to" }
        #expect(moves.allSatisfy { Markup.attribute("max", of: $0) == "120" }, "a page moves anywhere in the book")
    }

    @Test func theLastPageHasTheRestAndAPageBeyondItShowsTheLast() throws {
        // MUT
        let last = ann.get(Route.eventsEditorPage(3).path)
        let beyond = ann.get(Route.eventsEditorPage(99).path)

        // validate
        #expect(Self.listed(in: last.bodyText) == Array(events[100..<120]))
        #expect(Self.pagerLinks(in: last.bodyText) == ["prev": Route.eventsEditorPage(2).path])
        #expect(beyond.status == .ok)
        #expect(Self.listed(in: beyond.bodyText) == Array(events[100..<120]))
    }

    @Test func addingShowsTheLastPageWhereTheNewPageIs() throws {
        // MUT
        let response = ann.post(Route.eventsEditor.path, [("url", "https://example.org/fair")])

        // validate
        #expect(response.status == .ok)
        #expect(Self.listed(in: response.bodyText) == Array(events[100..<120]) + ["https://example.org/fair"])
    }

    @Test func movingShowsThePageWhereThePageWent() throws {
        // MUT
        let response = ann.post(Route.eventMove(page: 1).path, [("to", "75")])

        // validate
        #expect(response.status == .ok)
        let listed = Self.listed(in: response.bodyText)
        #expect(listed.count == 50 && listed[24] == events[0], "page 75 is the 25th row of the list's second page")
    }

    @Test func aRefusedAddKeepsThePageItWasSentFrom() throws {
        // MUT
        let response = ann.post(Route.eventsEditorPage(2).path, [("url", "ftp://example.org/fair")])

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(Self.listed(in: response.bodyText) == Array(events[50..<100]))
        #expect(try web.library.events.all(destination: newYork.id) == events)
    }
}
