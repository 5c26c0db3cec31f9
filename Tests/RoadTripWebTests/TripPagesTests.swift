import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// The trip: choosing a destination, the trip menu in the master column, and the Weather page.
@Suite struct TripPagesTests {
    let web: WebFixture
    let ann: Visitor
    let newYork: Destination
    let sanFrancisco: Destination

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        newYork = try web.destination(named: "New York City")
        sanFrancisco = try web.destination(named: "San Francisco")
    }

    /// The trip menu of a page: what its `section.trip` shows.
    struct TripMenu: Equatable {
        var name: String?
        var picture: String?
        var eventsLink: String?
        var eventTotal: String?
        var weatherLink: String?
        var pointsOfInterest: [String]

        init(_ html: String) {
            let rows = Markup.tags("a", in: html)
            name = Markup.texts(ofClass: "trip-name", element: "h2", in: html).first
            picture = Markup.tags("img", in: html).first { Markup.attribute("class", of: $0) == "trip-picture" }.flatMap {
                Markup.attribute("src", of: $0)
            }
            eventsLink = rows.first { Markup.attribute("class", of: $0) == "row trip-events" }.flatMap { Markup.attribute("href", of: $0) }
            eventTotal = Markup.texts(ofClass: "row-detail event-total", element: "span", in: html).first
            weatherLink = rows.first { Markup.attribute("class", of: $0) == "row trip-weather" }.flatMap {
                Markup.attribute("href", of: $0)
            }
            pointsOfInterest = Markup.texts(ofClass: "poi", element: "li", in: html)
        }
    }

    // MARK: - The menu

    @Test func untilADestinationIsChosenTheMenuAsksForOne() throws {
        // MUT
        let html = ann.get(Route.home.path).bodyText

        // validate
        #expect(Markup.texts(ofClass: "trip-prompt", element: "p", in: html) == ["Choose a destination to start"])
        let menu = TripMenu(html)
        #expect(menu.name == nil && menu.eventsLink == nil && menu.weatherLink == nil)
        #expect(menu.pointsOfInterest.isEmpty)
        let rows = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == "row" }
        #expect(rows.count == 2, "the chooser lists the catalogue")
    }

    @Test func theChosenDestinationHeadsTheMenuWithEventsWeatherAndPointsOfInterest() throws {
        // setup
        ann.get(Route.destination(id: newYork.id).path)
        ann.post(Route.chooseDestination(id: newYork.id).path)

        // MUT
        let html = ann.get(Route.home.path).bodyText

        // validate
        #expect(Markup.texts(ofClass: "trip-prompt", element: "p", in: html).isEmpty)
        let menu = TripMenu(html)
        #expect(menu.name == "New York City")
        #expect(menu.picture == Route.destinationImage(id: newYork.id).path)
        #expect(menu.eventsLink == Route.eventsBook(page: 1).path)
        #expect(menu.eventTotal == "4")
        #expect(menu.weatherLink == Route.weather.path)
        #expect(menu.pointsOfInterest.count == 3)
        #expect(menu.pointsOfInterest.first?.contains("Statue of Liberty") == true)
        #expect(menu.pointsOfInterest.first?.contains("40.6892° N, 74.0445° W") == true)
        #expect(html.contains("Have a good trip"))
    }

    @Test func eachAccountHasItsOwnTrip() throws {
        // setup
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        ann.get(Route.destination(id: newYork.id).path)
        ann.post(Route.chooseDestination(id: newYork.id).path)
        let bobBefore = TripMenu(bob.get(Route.home.path).bodyText)
        bob.get(Route.destination(id: sanFrancisco.id).path)

        // MUT
        bob.post(Route.chooseDestination(id: sanFrancisco.id).path)

        // validate
        #expect(bobBefore.name == nil, "Ann's choice is not Bob's")
        let annMenu = TripMenu(ann.get(Route.home.path).bodyText)
        let bobMenu = TripMenu(bob.get(Route.home.path).bodyText)
        #expect(annMenu.name == "New York City")
        #expect(bobMenu.name == "San Francisco")
        #expect(bobMenu.picture == Route.destinationImage(id: sanFrancisco.id).path)
        #expect(bobMenu.pointsOfInterest.first?.contains("Golden Gate Bridge") == true)
        #expect(bobMenu.pointsOfInterest.first?.contains("37.8199° N, 122.4783° W") == true)
        #expect(try web.rows(in: "trips") == 2)
    }

    @Test func theTripMenuIsBesideEveryPage() throws {
        // setup
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)

        // MUT
        let pages = [Route.destination(id: sanFrancisco.id), .tripMap, .eventsBook(page: 2), .weather, .eventsEditor].map {
            ann.get($0.path).bodyText
        }

        // validate
        #expect(pages.map { TripMenu($0).name } == Array(repeating: "New York City", count: 5))
    }

    @Test func theEventsRowCountsTheEventsAndOpensTheEditorWhenThereAreNone() throws {
        // setup
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)
        try web.library.events.remove(page: 1, destination: newYork.id)
        let three = TripMenu(ann.get(Route.home.path).bodyText)
        for _ in 1...3 { try web.library.events.remove(page: 1, destination: newYork.id) }

        // MUT
        let none = TripMenu(ann.get(Route.home.path).bodyText)

        // validate
        #expect(three.eventTotal == "3")
        #expect(three.eventsLink == Route.eventsBook(page: 1).path)
        #expect(none.eventTotal == "0")
        #expect(none.eventsLink == Route.eventsEditor.path)
    }

    // MARK: - Choosing

    @Test func theDestinationPageOffersToChooseItUntilItIsTheTrip() throws {
        // setup
        let before = ann.get(Route.destination(id: newYork.id).path).bodyText

        // MUT
        ann.post(Route.chooseDestination(id: newYork.id).path)

        // validate
        let after = ann.get(Route.destination(id: newYork.id).path).bodyText
        let actions = Markup.tags("form", in: before).compactMap { Markup.attribute("action", of: $0) }
        #expect(actions.contains(Route.chooseDestination(id: newYork.id).path))
        #expect(
            !Markup.tags("form", in: after).contains { Markup.attribute("action", of: $0) == Route.chooseDestination(id: newYork.id).path })
        #expect(after.contains("This is your trip."))
    }

    @Test func choosingWithTheFormTokenMakesTheTripAndGoesHome() throws {
        // setup
        ann.get(Route.destination(id: sanFrancisco.id).path)

        // MUT
        let response = ann.post(Route.chooseDestination(id: sanFrancisco.id).path)

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.home.path)
        let account = try ann.account(in: web)
        #expect(try web.library.trips.chosenDestination(of: account.id) == sanFrancisco.id)
    }

    @Test func choosingAgainReplacesTheTrip() throws {
        // setup
        ann.post(Route.chooseDestination(id: newYork.id).path)

        // MUT
        ann.post(Route.chooseDestination(id: sanFrancisco.id).path)

        // validate
        let account = try ann.account(in: web)
        #expect(try web.library.trips.chosenDestination(of: account.id) == sanFrancisco.id)
        #expect(try web.rows(in: "trips") == 1)
    }

    @Test func choosingWithoutTheFormTokenChangesNothing() throws {
        // MUT
        let response = ann.post(Route.chooseDestination(id: newYork.id).path, csrf: .omitted)

        // validate
        #expect(response.status == .forbidden)
        #expect(try web.rows(in: "trips") == 0)
    }

    @Test func choosingADestinationThatDoesNotExistIsNotFound() throws {
        // MUT
        let response = ann.post(Route.chooseDestination(id: 99).path)

        // validate
        #expect(response.status == .notFound)
        #expect(response.message.contains("There is no such destination"))
        #expect(try web.rows(in: "trips") == 0)
    }

    @Test func choosingIsAPostOnly() throws {
        // MUT
        let response = ann.get(Route.chooseDestination(id: newYork.id).path)

        // validate
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "POST")
        #expect(try web.rows(in: "trips") == 0)
    }

    // MARK: - Weather

    @Test func weatherShowsTheDestinationsForecastInASandboxedFrame() throws {
        // setup
        ann.post(Route.chooseDestination(id: sanFrancisco.id).path)

        // MUT
        let response = ann.get(Route.weather.path)

        // validate
        #expect(response.status == .ok)
        let frames = Markup.tags("iframe", in: response.bodyText)
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        #expect(Markup.attribute("src", of: frame).map(BookMarkup.unescaped) == sanFrancisco.weatherURL)
        #expect(sanFrancisco.weatherURL == "https://forecast.weather.gov/MapClick.php?lat=37.7749&lon=-122.4194")
        let sandbox = try #require(Markup.attribute("sandbox", of: frame))
        #expect(!sandbox.contains("allow-same-origin"))
        #expect(response.bodyText.contains("<title>Weather · RoadTrip</title>"))
    }

    @Test func weatherWithoutATripAsksToChooseADestination() throws {
        // MUT
        let response = ann.get(Route.weather.path)

        // validate
        #expect(response.status == .notFound)
        #expect(response.message.contains("Choose a destination to start"))
        #expect(Markup.tags("iframe", in: response.bodyText).isEmpty)
    }

    // MARK: - Framing other sites

    @Test func pagesMayFrameOtherWebSitesButNothingElse() throws {
        // setup
        ann.post(Route.chooseDestination(id: newYork.id).path)

        // MUT
        let response = ann.get(Route.eventsBook(page: 1).path)

        // validate
        let policy = try #require(response.headers["Content-Security-Policy"])
        let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(directives.contains("frame-src 'self' http: https:"))
        #expect(directives.contains("frame-ancestors 'self'"))
        #expect(directives.contains("script-src 'self'"))
        #expect(!policy.hasPrefix("sandbox"))
    }
}
