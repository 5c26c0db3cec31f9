import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// The maps of a few points as the server draws them (what works without JavaScript, and what
/// point-map.js reads): the trip's Map, a vacation's itinerary, a photo's position in Info.
@Suite struct MapPagesTests {
    let web: WebFixture
    let ann: Visitor
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        uploads = try PhotoUploads()
    }

    /// The markers of the drawing: their `data-name`s, in order.
    private func pointNames(_ html: String) -> [String] {
        Markup.tags("g", in: html).filter { Markup.attribute("class", of: $0)?.hasPrefix("map-point") == true }
            .compactMap { Markup.attribute("data-name", of: $0) }
    }

    private func add(_ name: String, seed: UInt64, at coordinate: (Double, Double)?, takenAt: String) throws -> Photo {
        let path = try uploads.draw(name, seed: seed, at: coordinate, takenAt: takenAt, width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
    }

    // MARK: - The trip's map

    @Test func theTripsMapRowOpensTheDestinationAndItsPointsOfInterestWithTheListBeside() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)
        let sights = try web.library.fetch(DestinationCatalog.pointsOfInterestQuery(destinationID: newYork.id))
        try #require(sights.count >= 2)

        // MUT
        let home = ann.get(Route.home.path).bodyText
        let page = ann.get(Route.tripMap.path)

        // validate
        let row = Markup.tags("a", in: home).first { Markup.attribute("class", of: $0) == "row trip-map" }
        #expect(row.flatMap { Markup.attribute("href", of: $0) } == "/trip/map")
        #expect(page.status == .ok)
        let html = page.bodyText
        #expect(html.contains("data-script=\"point-map\""))
        #expect(pointNames(html) == [newYork.locationTitle] + sights.map(\.title))
        #expect(
            Markup.texts(ofClass: "map-name", element: "text", in: html) == [newYork.locationTitle] + sights.map(\.title),
            "named without JavaScript too")
        let listed = Markup.texts(ofClass: "row-detail coordinates", element: "span", in: html)
        #expect(listed.suffix(sights.count) == ArraySlice(sights.map { DestinationFormat.coordinate($0.coordinate) }))
        #expect(
            Markup.tags("image", in: html).compactMap { Markup.attribute("href", of: $0) }.allSatisfy { $0.hasPrefix("/static/map-world.") }
        )
    }

    @Test func theTripsMapNeedsATripAndASession() throws {
        let withoutTrip = ann.get(Route.tripMap.path)
        let signedOut = web.visitor().get(Route.tripMap.path)

        #expect(withoutTrip.status == .notFound)
        #expect(withoutTrip.bodyText.contains("Choose a destination to start"))
        #expect(signedOut.status == .seeOther)
        #expect(signedOut.headers["Location"]?.hasPrefix("/signin") == true)
    }

    @Test func aPointOfInterestsNameIsEscapedOnTheMap() throws {
        // setup: a name straight into the catalogue's table
        let newYork = try web.destination(named: "New York City")
        try web.library.trips.choose(newYork.id, for: try ann.account(in: web).id)
        try web.library.database.write { db in
            try db.execute(
                """
                UPDATE destination_points_of_interest SET title = '<script>alert(1)</script>\" onload=\"x' WHERE destination_id = \
                \(newYork.id) AND position = 0
                """
            )
        }

        // MUT
        let html = ann.get(Route.tripMap.path).bodyText

        // validate
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\" onload=\"x\""), "no attribute broken out of (in text the quotes are harmless)")
        #expect(pointNames(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;x"))
    }

    // MARK: - The viewer's Info

    @Test func theViewersInfoDrawsThePhotosPositionOnlyWhenItHasOne() throws {
        let placed = try add("Seine.jpg", seed: 2, at: (48.8530, 2.3499), takenAt: "2024-05-01T10:00:00")
        let unplaced = try add("Attic.jpg", seed: 3, at: nil, takenAt: "2024-05-01T10:00:00")

        let withPosition = ann.get(Route.photo(id: placed.id, inRecents: false).path).bodyText
        let without = ann.get(Route.photo(id: unplaced.id, inRecents: false).path).bodyText

        let figure = try #require(
            Markup.tags("figure", in: withPosition).first { Markup.attribute("class", of: $0)?.contains("point-map-position") == true })
        #expect(Markup.attribute("data-style", of: figure) == "position")
        let point = try #require(Markup.tags("g", in: withPosition).first { Markup.attribute("class", of: $0) == "map-point map-photo" })
        let latitude = try #require(Markup.attribute("data-latitude", of: point).flatMap(Double.init))
        let longitude = try #require(Markup.attribute("data-longitude", of: point).flatMap(Double.init))
        #expect(abs(latitude - 48.8530) < 1e-4 && abs(longitude - 2.3499) < 1e-4)
        #expect(!without.contains("point-map"))
    }
}

/// A vacation's itinerary on a map.
extension VacationPagesTests {
    @Test func theItineraryMapNumbersThePlacesInTheOrderFirstVisitedAndEachOpensItsPhotos() throws {
        // setup: Paris first (1 May), then Lisbon (3 May)
        let visitor = try web.signedIn()
        let lisbon = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let paris = try add("Seine.jpg", seed: 2, at: (48.8530, 2.3499), takenAt: "2024-05-01T10:00:00")
        _ = visitor.get("/vacations/new")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Spring")])))
        for photo in [lisbon, paris] { _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))]) }
        let places = try #require(try web.library.vacations.vacation(id, of: AccountID(1))).contents.itinerary()

        // MUT
        let html = visitor.get("/vacations/\(id)/itinerary").bodyText

        // validate
        #expect(places.map(\.name) == ["Paris", "Lisbon"])
        // The map twice: heading the list (a phone's) and in the detail pane (a tablet's); CSS
        // shows the one that fits, and each is the same drawing.
        let links = Markup.tags("a", in: html).compactMap { Markup.attribute("href", of: $0) }.filter { $0.contains("/photos?place=") }
        let expected = places.map { "/vacations/\(id)/photos?place=\($0.id)" }
        #expect(links == expected + expected + expected, "the list's map, the list's rows, the detail's map: each place to its photos")
        #expect(Markup.texts(ofClass: "map-number", element: "text", in: html) == ["1", "2", "1", "2"])
        let markers = Markup.tags("g", in: html).filter { Markup.attribute("class", of: $0) == "map-point map-stop" }
        let latitudes = places.compactMap { $0.coordinate.map { String($0.latitude) } }
        #expect(markers.compactMap { Markup.attribute("data-label", of: $0) } == ["1", "2", "1", "2"])
        #expect(markers.compactMap { Markup.attribute("data-latitude", of: $0) } == latitudes + latitudes)
        #expect(Markup.tags("polyline", in: html).count == 2, "one line joins them, in each copy")
        #expect(html.contains("<section class=\"itinerary-detail\""), "the detail pane holds the map")
    }
}
