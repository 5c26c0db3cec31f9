import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// Remove from this vacation, from the vacation's own photo viewer.
extension VacationPagesTests {
    /// Spring <2024> holding Alfama (Lisbon, tagged Trams) and Seine (Paris, tagged River).
    private func spring(_ visitor: Visitor) throws -> (id: Int64, contents: VacationContents) {
        let lisbon = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let paris = try add("Seine.jpg", seed: 2, at: (48.8530, 2.3499), takenAt: "2024-05-01T10:00:00")
        _ = visitor.get("/photos/\(lisbon.id)")
        _ = visitor.post("/photos/\(lisbon.id)/tags", [("add", "Trams")])
        _ = visitor.post("/photos/\(paris.id)/tags", [("add", "River")])
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Spring <2024>")])))
        for photo in [lisbon, paris] { _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))]) }
        return (id, try #require(try web.library.vacations.vacation(id, of: AccountID(1))).contents)
    }

    @Test func removingAPhotoFromAVacationAsksFirstThenReturnsToItsPhotosAndItsPlaceAndTagGoWithIt() throws {
        // setup
        let visitor = try web.signedIn()
        let (id, contents) = try spring(visitor)
        let alfama = try #require(try contents.photos().first { $0.title.hasPrefix("Alfama") })
        let lisbon = try #require(try contents.itinerary().first { $0.name == "Lisbon" })
        let viewerPath = "/vacations/\(id)/photos/\(alfama.id)?place=\(lisbon.id)"

        // MUT
        let viewer = visitor.get(viewerPath).bodyText
        let confirmation = visitor.get("/vacations/\(id)/photos/\(alfama.id)/remove?place=\(lisbon.id)").bodyText
        let untouched = try contents.photos().count
        let removed = visitor.post("/vacations/\(id)/photos/\(alfama.id)/remove?place=\(lisbon.id)")

        // validate
        #expect(viewer.contains("href=\"/vacations/\(id)/photos/\(alfama.id)/remove?place=\(lisbon.id)\">Remove from this vacation…</a>"))
        #expect(confirmation.contains("Remove “\(alfama.title)” from “Spring &lt;2024&gt;”?"))
        #expect(confirmation.contains("action=\"/vacations/\(id)/photos/\(alfama.id)/remove?place=\(lisbon.id)\""))
        #expect(confirmation.contains("href=\"\(viewerPath)\">Cancel</a>"))
        #expect(untouched == 2, "the confirmation removes nothing")
        #expect(removed.status == .seeOther)
        #expect(removed.location == "/vacations/\(id)/photos", "Lisbon's list went with its last photo")
        let left = try contents.photos().map(\.title)
        #expect(left.count == 1 && left.first?.hasPrefix("Seine") == true)
        let itinerary = visitor.get("/vacations/\(id)/itinerary").bodyText
        let tags = visitor.get("/vacations/\(id)/tags").bodyText
        #expect(!itinerary.contains("Lisbon") && itinerary.contains("Paris"))
        #expect(!tags.contains("data-tag=\"Trams\"") && tags.contains("data-tag=\"River\""))
        #expect(visitor.get(viewerPath).status == .notFound)
        #expect(try web.library.photos.photo(id: 1) != nil, "the photo stays in the library")
    }

    @Test func removingAPhotoFromAListThatRemainsReturnsToThatList() throws {
        // setup: two photos of Lisbon.
        let visitor = try web.signedIn()
        let photos = [try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394)), try add("Baixa.jpg", seed: 3, at: (38.7110, -9.1380))]
        _ = visitor.get("/vacations/new")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Lisbon")])))
        for photo in photos { _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))]) }
        let contents = try #require(try web.library.vacations.vacation(id, of: AccountID(1))).contents
        let place = try #require(try contents.itinerary().first)
        try #require(try contents.itinerary().count == 1)

        // MUT
        let removed = visitor.post("/vacations/\(id)/photos/1/remove?place=\(place.id)")

        // validate
        #expect(removed.location == "/vacations/\(id)/photos?place=\(place.id)")
        #expect(try contents.photos().count == 1)
        #expect(try contents.itinerary().map(\.id) == [place.id], "its other photo keeps the place")
    }

    @Test func removingAPhotoWithoutTheFormTokenIsRefusedAndRemovesNothing() throws {
        // setup
        let visitor = try web.signedIn()
        let (id, contents) = try spring(visitor)
        _ = visitor.get("/vacations/\(id)/photos/1/remove")

        // MUT
        let forged = visitor.post("/vacations/\(id)/photos/1/remove", csrf: .omitted)
        let missing = visitor.post("/vacations/\(id)/photos/99/remove")

        // validate
        #expect(forged.status == .forbidden)
        #expect(missing.status == .notFound)
        #expect(try contents.photos().count == 2)
    }
}
