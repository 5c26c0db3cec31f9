import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import SQLDatabase
import SQLite
import Testing

/// A vacation document whose numbers no place on Earth has (a latitude of 1e300, an infinite
/// one): refused at import with the field named, so that no page ever draws it.
extension VacationPagesTests {
    /// An export of a vacation "Lisboa" with one photo and its place, its numbers then changed by
    /// `edit` (as someone with sqlite3 could), ready to upload.
    private func hostileDocument(_ visitor: Visitor, _ edit: String) throws -> String {
        let path = try uploads.draw("p1.jpg", seed: 1, at: (38.7139, -9.1394), width: 80, height: 60)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "p1.jpg", by: nil).photoValue)
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Lisboa")])
        _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", "1")])
        let file = try uploads.file(visitor.get("/vacations/1/export").bodyBytes, "hostile.vacation")
        let document = try SQLiteConnection(path: file, journal: .rollback)
        try document.execute(SQL(stringLiteral: edit))
        return file
    }

    private func importThroughTheForm(_ file: String, _ visitor: Visitor) throws -> Response {
        _ = visitor.get("/vacations/import")
        let body = try uploads.multipart(token: visitor.formToken, files: [("hostile.vacation", file)], field: "document")
        var headers = Headers()
        headers["Content-Type"] = body.contentType
        return visitor.send("POST", "/vacations/import", headers: headers, bodyFile: body.path)
    }

    @Test(arguments: [
        ("UPDATE places SET latitude = 1e300", "place", "its latitude 1e+300 is not between -90 and 90"),
        ("UPDATE places SET longitude = -9e999", "place", "its longitude -inf is not between -180 and 180"),
        ("UPDATE places SET latitude = 'north'", "place", "its latitude is not a number"),
        ("UPDATE photos SET latitude = 9e999", "photo 1", "its latitude inf is not between -90 and 90"),
        ("UPDATE photos SET longitude = 181", "photo 1", "its longitude 181.0 is not between -180 and 180"),
        ("UPDATE photos SET latitude = -90.5", "photo 1", "its latitude -90.5 is not between -90 and 90"),
        ("UPDATE photos SET longitude = NULL", "photo 1", "it has a latitude but no longitude"),
    ])
    func aDocumentWithAnImpossibleCoordinateIsRefusedWithTheFieldNamedAndNoPageTraps(edit: String, owner: String, field: String) throws {
        // setup
        let visitor = try web.signedIn()
        let file = try hostileDocument(visitor, edit)

        // MUT
        let imported = try importThroughTheForm(file, visitor)

        // validate: the pages of every vacation the account has draw (a trap would end the test run)
        for id in try web.library.vacations.all(of: AccountID(1)).map(\.id) {
            #expect(visitor.get("/vacations/\(id)/itinerary").status == .ok)
            #expect(visitor.get("/vacations/\(id)/photos/1").status == .ok)
        }
        #expect(imported.status == .unprocessableContent)
        let notice = Markup.texts(ofClass: "notice error", element: "p", in: imported.bodyText).first ?? ""
        // The place is named by its id, the gazetteer's: "place 2267057: its latitude …".
        #expect(notice.contains("vacation: \(owner)") && notice.contains(": \(field). Nothing was imported."), "\(notice)")
        #expect(try web.rows(in: "vacations") == 1)
    }
}
