import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// A destination's event pages are the household's: only the owner changes them. A member
/// sees the list without its controls, and whatever a member posts changes nothing.
@Suite struct EventsEditorMembersTests {
    let web: WebFixture
    let bob: Visitor
    let newYork: Destination
    let events: [String]

    init() throws {
        web = try WebFixture()
        _ = try web.signedIn("Ann", owner: true)
        bob = try web.signedIn("Bob", owner: false)
        newYork = try web.destination(named: "New York City")
        events = try web.library.events.all(destination: newYork.id)
        try web.library.trips.choose(newYork.id, for: try bob.account(in: web).id)
    }

    @Test func aMemberSeesTheListWithoutItsControls() throws {
        // MUT
        let response = bob.get(Route.eventsEditor.path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(EventsEditorTests.listed(in: html) == events)
        #expect(Markup.tags("a", in: html).contains { Markup.attribute("href", of: $0) == Route.eventsBook(page: 2).path })
        let actions = Markup.tags("form", in: html).compactMap { Markup.attribute("action", of: $0) }
        #expect(!actions.contains { $0.hasPrefix("/trip/events/") }, "no add, move or remove form: \(actions)")
        #expect(html.contains("the owner adds, moves and removes them"))
    }

    @Test func whatAMemberPostsIsRefusedAndChangesNothing() throws {
        // MUT
        let responses = [
            bob.post(Route.eventsEditor.path, [("url", "https://example.org/fair")]),
            bob.post(Route.eventRemoval(page: 1).path),
            bob.post(Route.eventMove(page: 1).path, [("to", "2")]),
        ]

        // validate
        #expect(responses.map(\.status) == [.forbidden, .forbidden, .forbidden])
        #expect(responses.allSatisfy { $0.message.contains("Only the owner changes the event pages") }, "\(responses.map(\.message))")
        #expect(try web.library.events.all(destination: newYork.id) == events)
    }
}
