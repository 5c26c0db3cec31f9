import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct DestinationPagesTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    @Test func homeListsBothDemoDestinationsWithLinksBuiltFromRoute() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        let sanFrancisco = try web.destination(named: "San Francisco")

        // MUT
        let response = ann.get(Route.home.path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = response.bodyText
        #expect(Markup.tags("body", in: html).map { Markup.attribute("data-screen", of: $0) } == ["master"])
        let rows = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == "row" }
        #expect(
            rows.compactMap { Markup.attribute("href", of: $0) } == [
                Route.destination(id: newYork.id).path, Route.destination(id: sanFrancisco.id).path,
            ])
        #expect(rows.allSatisfy { Markup.attribute("aria-current", of: $0) == nil }, "nothing is chosen on the home screen")
        let pictures = Markup.tags("img", in: html).compactMap { Markup.attribute("src", of: $0) }
        #expect(pictures == [Route.destinationImage(id: newYork.id).path, Route.destinationImage(id: sanFrancisco.id).path])
        #expect(Markup.texts(ofClass: "row-title", element: "span", in: html) == ["New York City", "San Francisco"])
        #expect(Markup.texts(ofClass: "row-subtitle", element: "span", in: html) == ["The Big Apple", "The City by the Bay"])
        #expect(html.contains("<title>RoadTrip</title>"))
    }

    @Test func homeWithoutDestinationsSaysHowToImportThem() throws {
        // setup
        let empty = try WebFixture(loadDemo: false)
        let visitor = try empty.signedIn()

        // MUT
        let response = visitor.get("/")

        // validate
        #expect(response.status == .ok)
        #expect(response.bodyText.contains("No destinations yet."))
        #expect(Markup.tags("a", in: response.bodyText).allSatisfy { Markup.attribute("class", of: $0) != "row" })
    }

    @Test func destinationPageShowsPictureNameLocationCoordinatesEventsAndPointsOfInterest() throws {
        // setup
        let newYork = try web.destination(named: "New York City")

        // MUT
        let response = ann.get(Route.destination(id: newYork.id).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(Markup.tags("body", in: html).map { Markup.attribute("data-screen", of: $0) } == ["detail"])
        #expect(html.contains("<title>New York City · RoadTrip</title>"))
        let picture = try #require(Markup.tags("img", in: html).first { Markup.attribute("class", of: $0) == "destination-picture" })
        #expect(Markup.attribute("src", of: picture) == Route.destinationImage(id: newYork.id).path)
        #expect(Markup.attribute("alt", of: picture) == "Picture of New York City")
        #expect(Markup.texts(ofClass: "destination-name", element: "h2", in: html) == ["New York City"])
        #expect(Markup.texts(ofClass: "location-title", element: "span", in: html) == ["New York City"])
        #expect(Markup.texts(ofClass: "location-subtitle", element: "span", in: html) == ["The Big Apple"])
        #expect(Markup.texts(ofClass: "coordinates", element: "dd", in: html) == ["40.7128° N, 74.0060° W"])
        #expect(Markup.texts(ofClass: "event-count", element: "dd", in: html) == ["4 events"])
        let pointsOfInterest = Markup.texts(ofClass: "poi", element: "li", in: html)
        #expect(pointsOfInterest.count == 3)
        #expect(pointsOfInterest.first?.contains("Statue of Liberty") == true)
        #expect(pointsOfInterest.first?.contains("Liberty Island") == true)
        #expect(pointsOfInterest.first?.contains("40.6892° N, 74.0445° W") == true)
        #expect(html.contains("Empire State Building"))
    }

    @Test func destinationPageLinksBackHomeAndMarksItsRowAsCurrent() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        let sanFrancisco = try web.destination(named: "San Francisco")

        // MUT
        let html = ann.get(Route.destination(id: sanFrancisco.id).path).bodyText

        // validate
        let back = try #require(Markup.tags("a", in: html).first { Markup.attribute("rel", of: $0) == "up" })
        #expect(Markup.attribute("href", of: back) == Route.home.path)
        let rows = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == "row" }
        let current = rows.filter { Markup.attribute("aria-current", of: $0) == "page" }
        #expect(current.count == 1)
        #expect(current.first.flatMap { Markup.attribute("href", of: $0) } == Route.destination(id: sanFrancisco.id).path)
        #expect(rows.contains { Markup.attribute("href", of: $0) == Route.destination(id: newYork.id).path })
        #expect(Markup.texts(ofClass: "coordinates", element: "dd", in: html) == ["37.7749° N, 122.4194° W"])
    }

    @Test func southernAndEasternCoordinatesReadAsSAndE() throws {
        // setup
        try web.library.catalog.importRecords([
            DestinationRecord(
                name: "Sydney", imageName: "Sydney.svg", locationTitle: "Sydney", locationSubtitle: "",
                coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093)!, weatherURL: "https://example.com/weather",
                eventURLs: ["https://example.com/events"], pointsOfInterest: []
            )
        ])
        let sydney = try web.destination(named: "Sydney")

        // MUT
        let html = ann.get(Route.destination(id: sydney.id).path).bodyText

        // validate
        #expect(Markup.texts(ofClass: "coordinates", element: "dd", in: html) == ["33.8688° S, 151.2093° E"])
        #expect(Markup.texts(ofClass: "event-count", element: "dd", in: html) == ["1 event"])
        #expect(Markup.texts(ofClass: "location-subtitle", element: "span", in: html).isEmpty)
        #expect(!html.contains("Points of interest"))
    }

    @Test func healthAnswersOkWithoutASession() {
        // MUT
        let response = web.get(Route.health.path)

        // validate
        #expect(response.status == .ok)
        #expect(response.bodyText == "ok\n")
    }
}
