import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// Text-direction overrides typed into a form: a 422 with the reason on the field, nothing changed.
extension VacationPagesTests {
    private static let reversed = "Lisbon\u{202E}gpj.exe"

    private func photo() throws -> Photo {
        let path = try uploads.draw("a.jpg", seed: 1, at: (38.7139, -9.1394), width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: "a.jpg", by: nil).photoValue)
    }

    @Test func aNewVacationNamedWithOneIsRefusedOnTheField() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")

        // MUT
        let refused = visitor.post("/vacations/new", [("name", Self.reversed)])

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(
            refused.bodyText.contains(
                "A vacation's name cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."))
        #expect(refused.bodyText.contains("aria-invalid=\"true\""))
        #expect(try web.rows(in: "vacations") == 0)
    }

    @Test func aRenameToOneIsRefusedAndTheNameStays() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Porto")])
        _ = visitor.get("/vacations/1")

        // MUT
        let refused = visitor.post("/vacations/1/rename", [("name", Self.reversed)])

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(refused.bodyText.contains("cannot contain invisible text-direction characters"))
        #expect(try web.library.vacations.all(of: AccountID(1)).map(\.name) == ["Porto"])
    }

    @Test func aVisitIntoANewVacationNamedWithOneIsRefused() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try photo()
        _ = visitor.get("/photos/\(photo.id)/visit")

        // MUT
        let refused = visitor.post("/photos/\(photo.id)/visit", [("name", Self.reversed)])

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(refused.bodyText.contains("cannot contain invisible text-direction characters"))
        #expect(try web.rows(in: "vacations") == 0)
    }

    @Test func aTagWithOneIsRefusedOnThePhotoWithWhatWasTypedCleaned() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try photo()
        _ = visitor.get("/photos/\(photo.id)")

        // MUT
        let refused = visitor.post("/photos/\(photo.id)/tags", [("add", "gpj\u{202E}.exe <b>")])

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(refused.bodyText.contains("A tag cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."))
        #expect(refused.bodyText.contains("aria-describedby=\"add-tag-error\""))
        #expect(refused.bodyText.contains("value=\"gpj.exe &lt;b&gt;\""))
        #expect(!refused.bodyText.contains("\u{202E}"))
        #expect(try web.rows(in: "photo_tags") == 0)
    }
}
