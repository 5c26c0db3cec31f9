import Foundation
import HTTPServer
import RoadTrip
import SQLDatabase
import TestDatabases
import Testing

/// Positions no place on Earth has, stored by an older RoadTrip (written here with SQL): every
/// page that shows them still draws, and `roadtrip check` says what it found and repairs it.
@Suite struct StoredImpossiblePositionsTests {
    static let engines = ["sqlite", "postgresql"]

    let uploads: PhotoUploads

    init() throws {
        uploads = try PhotoUploads()
    }

    /// A library photo in Lisbon visited into vacation 1, and then its numbers made impossible:
    /// the library photo's latitude (PostgreSQL's map columns cannot hold 1e300, so 95° there),
    /// the vacation photo's and place's, and the first sight of the first destination.
    private func spoiled(_ engine: String) throws -> (WebFixture, Visitor, Photo, Destination) {
        let web = engine == "sqlite" ? try WebFixture() : try WebFixture(database: .postgreSQL(try TestPostgreSQL.freshAddress()))
        let visitor = try web.signedIn()
        let path = try uploads.draw("p1.jpg", seed: 1, at: (38.7139, -9.1394), width: 80, height: 60)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "p1.jpg", by: nil).photoValue)
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Lisboa")])
        _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", "1")])
        let destination = try #require(try web.library.catalog.all().first)
        let photoLatitude = engine == "sqlite" ? 1e300 : 95.0
        try web.library.database.write { db in
            try db.execute("UPDATE photos SET latitude = \(photoLatitude) WHERE id = \(photo.id)")
            try db.execute("UPDATE vacation_photos SET latitude = \(Double.infinity) WHERE vacation_id = 1")
            try db.execute("UPDATE vacation_places SET longitude = \(-1e300) WHERE vacation_id = 1")
            try db.execute(
                """
                UPDATE destination_points_of_interest SET latitude = \(Double.infinity) WHERE destination_id = \(destination.id) \
                AND position = 0
                """
            )
        }
        return (web, visitor, photo, destination)
    }

    private func pages(_ photo: Photo, _ destination: Destination) -> [String] {
        [
            "/vacations/1/itinerary", "/vacations/1/photos/1", "/vacations/1", "/photos/\(photo.id)", "/destinations/\(destination.id)",
            "/map", "/map/photos?bbox=-180,-90,180,90&zoom=2", "/map/photos?bbox=-10,38,-9,39&zoom=12",
        ]
    }

    @Test(arguments: engines)
    func everyPageThatShowsThemDrawsBeforeTheRepairAndAfter(engine: String) throws {
        // setup
        let (web, visitor, photo, destination) = try spoiled(engine)

        // MUT + validate (a trap would end the test run)
        for page in pages(photo, destination) {
            #expect(visitor.get(page).status == .ok, "\(page)")
        }
        _ = try web.library.check()
        for page in pages(photo, destination) {
            #expect(visitor.get(page).status == .ok, "\(page)")
        }
    }

    @Test(arguments: engines)
    func theCheckSaysWhatItFoundAndRepairsIt(engine: String) throws {
        // setup
        let (web, _, photo, destination) = try spoiled(engine)
        let sight = try #require(
            try web.library.database.fetchValue(
                """
                SELECT title FROM destination_points_of_interest WHERE destination_id = \(destination.id) AND position = 0
                """) as String?)

        // MUT
        let report = try web.library.check()
        let again = try web.library.check()

        // validate
        let latitude = engine == "sqlite" ? "1e+300" : "95.0"
        #expect(
            report.repairs == [
                "photos, photo \(photo.id): its latitude \(latitude) is not between -90 and 90; it now has no position",
                "vacation_photos, vacation 1 photo 1: its latitude inf is not between -90 and 90; it now has no position",
                "vacation_places, vacation 1 place 2267057 “Lisbon”: its longitude -1e+300 is not between -180 and 180; "
                    + "it is removed from the itinerary, its photos stay without a place",
                "destination_points_of_interest, destination \(destination.id) sight 0 “\(sight)”: "
                    + "its latitude inf is not between -90 and 90; it is removed (import the catalogue again to have it back)",
            ])
        #expect(report.problems.isEmpty, "the map's cells are counted again: \(report.problems)")
        #expect(again.repairs.isEmpty && again.problems.isEmpty, "\(again.repairs) \(again.problems)")
        let photoAfter = try #require(try web.library.photos.photo(id: photo.id))
        #expect(photoAfter.latitude == nil && photoAfter.longitude == nil)
        let vacation = try #require(try web.library.vacations.vacation(1, of: AccountID(1)))
        #expect(try vacation.contents.photos().map(\.latitude) == [nil])
        #expect(try vacation.contents.photos().map(\.placeID) == [nil])
        #expect(try vacation.contents.itinerary().isEmpty)
        #expect(try web.rows(in: "vacation_places") == 0)
    }
}
