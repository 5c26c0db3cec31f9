import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

@Suite struct VacationPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    @discardableResult
    func add(_ name: String, seed: UInt64, at coordinate: (Double, Double)?, takenAt: String = "2024-10-19T09:12:40") throws -> Photo {
        let path = try uploads.draw(name, seed: seed, at: coordinate, takenAt: takenAt, width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
    }

    func vacationID(_ response: Response) -> Int64? {
        response.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } }
    }

    @Test func addingAVacationCreatesItAndShowsItInTheList() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")

        // MUT
        let created = visitor.post("/vacations/new", [("name", "  Lisbon <2024> ")])

        // validate
        #expect(created.status == .seeOther)
        #expect(vacationID(created) == 1, "the address the list links to")
        let list = visitor.get("/vacations")
        web.expectPage(list, recordedAs: "lisbon-2024-listed", seenBy: visitor)
        #expect(list.bodyText.contains("Lisbon &lt;2024&gt;"))
        #expect(try web.rows(in: "vacations") == 1)
        #expect(!FileManager.default.fileExists(atPath: web.folder.appendingPathComponent("vacations").path), "a vacation is rows, no file")
    }

    @Test func aBlankNameIsRefusedOnTheFieldAndADuplicateWithAnAlertAndNothingIsCreated() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Lisbon")])

        // MUT
        let blank = visitor.post("/vacations/new", [("name", "   ")])
        let duplicate = visitor.post("/vacations/new", [("name", " lisbon ")])

        // validate
        #expect(blank.status == .unprocessableContent)
        #expect(blank.bodyText.contains("Give the vacation a name."))
        web.expectPage(blank, recordedAs: "a-blank-name-refused-on-its-field", seenBy: visitor)
        #expect(duplicate.status == .conflict)
        #expect(duplicate.bodyText.contains("A vacation called “Lisbon” already exists."))
        web.expectPage(duplicate, recordedAs: "a-duplicate-name-refused-with-an-alert", seenBy: visitor)
        #expect(try web.rows(in: "vacations") == 1)
    }

    @Test func visitingFromTheViewerAddsThePhotoAndTheViewerSaysWhereItIs() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394))
        _ = visitor.get("/photos/\(photo.id)")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Lisbon")])))

        // MUT
        let choices = visitor.get("/photos/\(photo.id)/visit")
        let visited = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))])
        let viewer = visitor.get("/photos/\(photo.id)")
        let intoNew = visitor.post("/photos/\(photo.id)/visit", [("name", "Portugal")])
        let unvisited = visitor.post("/photos/\(photo.id)/unvisit", [("vacation", String(id))])
        let after = visitor.get("/photos/\(photo.id)").bodyText

        // validate
        web.expectPage(choices, recordedAs: "visit-into-lisbon-or-a-new-vacation", seenBy: visitor)
        #expect(visited.status == .seeOther)
        web.expectPage(viewer, recordedAs: "alfama-in-lisbon", seenBy: visitor)
        #expect(intoNew.status == .seeOther)
        #expect(unvisited.status == .seeOther)
        #expect(after.contains(">Portugal</a>"))
        #expect(!after.contains(">Lisbon</a>"))
        web.expectPage(visitor.get("/vacations/\(id)"), recordedAs: "lisbon-emptied", seenBy: visitor)
    }

    @Test func itineraryTagsPhotosAndTheBook() throws {
        // setup
        let visitor = try web.signedIn()
        let lisbon = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let paris = try add("Seine.jpg", seed: 2, at: (48.8530, 2.3499), takenAt: "2024-05-01T10:00:00")
        _ = visitor.get("/photos/\(lisbon.id)")
        _ = visitor.post("/photos/\(lisbon.id)/tags", [("add", "Trams")])
        _ = visitor.post("/photos/\(paris.id)/tags", [("add", "River")])
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Spring")])))
        for photo in [lisbon, paris] { _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))]) }

        // MUT
        let menu = visitor.get("/vacations/\(id)")
        let itinerary = visitor.get("/vacations/\(id)/itinerary").bodyText
        let tags = visitor.get("/vacations/\(id)/tags?q=TRA")
        let all = visitor.get("/vacations/\(id)/photos")
        let book = visitor.get("/vacations/\(id)/book/1")
        let image = visitor.get("/vacations/\(id)/photos/1/preview")

        // validate
        web.expectPage(menu, recordedAs: "spring-with-its-places-tags-and-photos", seenBy: visitor)
        let parisAt = try #require(itinerary.range(of: "Paris"))
        let lisbonAt = try #require(itinerary.range(of: "Lisbon"))
        #expect(parisAt.lowerBound < lisbonAt.lowerBound, "first visited first")
        web.expectPage(tags, recordedAs: "tags-found-by-tra", seenBy: visitor)
        #expect(!tags.bodyText.contains("data-tag=\"River\""))
        web.expectPage(all, recordedAs: "springs-photos", seenBy: visitor)
        web.expectPage(book, recordedAs: "springs-book-first-page", seenBy: visitor)
        #expect(image.headers["Content-Type"] == "image/jpeg")
        #expect(image.bodyBytes.starts(with: [0xFF, 0xD8]))
        #expect(visitor.get("/vacations/\(id)/book/3").status == .notFound)
    }

    @Test func everyVacationAddressOfAnotherAccountIs404AndChangesNothing() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        let photo = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394))
        _ = ann.get("/vacations/new")
        let id = try #require(vacationID(ann.post("/vacations/new", [("name", "Lisbon")])))
        _ = ann.post("/photos/\(photo.id)/visit", [("vacation", String(id))])
        _ = bob.get("/vacations")

        // MUT + validate: every vacation route, by Bob
        let gets = [
            "/vacations/\(id)", "/vacations/\(id)/remove", "/vacations/\(id)/export", "/vacations/\(id)/itinerary",
            "/vacations/\(id)/tags", "/vacations/\(id)/photos", "/vacations/\(id)/photos?place=2267057", "/vacations/\(id)/photos/1",
            "/vacations/\(id)/photos/1/preview", "/vacations/\(id)/photos/1/thumbnail", "/vacations/\(id)/book/1",
            "/vacations/\(id)/photos/1/remove",
        ]
        for path in gets {
            let response = bob.get(path)
            #expect(response.status == .notFound, "\(path)")
            #expect(!response.bodyText.contains("Lisbon"), "\(path)")
        }
        #expect(bob.post("/vacations/\(id)/rename", [("name", "Mine")]).status == .notFound)
        #expect(bob.post("/vacations/\(id)/remove").status == .notFound)
        #expect(bob.post("/vacations/\(id)/photos/1/remove").status == .notFound)
        #expect(bob.post("/photos/\(photo.id)/visit", [("vacation", String(id))]).status == .notFound)
        #expect(bob.post("/photos/\(photo.id)/unvisit", [("vacation", String(id))]).status == .notFound)
        #expect(try web.library.vacations.all(of: AccountID(1)).map(\.name) == ["Lisbon"])
        #expect(try web.library.vacations.all(of: AccountID(1)).first?.photoCount == 1)
    }

    @Test func renameDeleteAfterAConfirmationThatNamesItsPhotos() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try add("Alfama.jpg", seed: 1, at: nil)
        _ = visitor.get("/vacations/new")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Lisbon")])))
        _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))])

        // MUT
        let renamed = visitor.post("/vacations/\(id)/rename", [("name", "Lisboa")])
        let confirmation = visitor.get("/vacations/\(id)/remove")
        let deleted = visitor.post("/vacations/\(id)/remove")

        // validate
        #expect(renamed.status == .seeOther)
        web.expectPage(confirmation, recordedAs: "delete-lisboa-asked-first", seenBy: visitor)
        #expect(deleted.headers["Location"] == "/vacations")
        #expect(try web.rows(in: "vacations") == 0)
        #expect(try web.rows(in: "vacation_photos") == 0, "its photo went with it")
    }

    @Test func exportThenImportAddsACopyAndAForeignFileIsRefused() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try add("Alfama.jpg", seed: 1, at: (38.7139, -9.1394))
        _ = visitor.get("/vacations/new")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Lisboa")])))
        _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", String(id))])

        // MUT
        let export = visitor.get("/vacations/\(id)/export")
        let file = try uploads.file(export.bodyBytes, "Lisboa.vacation")
        _ = visitor.get("/vacations/import")
        let body = try uploads.multipart(token: visitor.formToken, files: [("Lisboa.vacation", file)], field: "document")
        var headers = Headers()
        headers["Content-Type"] = body.contentType
        let imported = visitor.send("POST", "/vacations/import", headers: headers, bodyFile: body.path)
        let foreign = try uploads.multipart(
            token: visitor.formToken, files: [("notes.vacation", try uploads.file(Array("hello".utf8), "notes"))],
            field: "document")
        headers["Content-Type"] = foreign.contentType
        let refused = visitor.send("POST", "/vacations/import", headers: headers, bodyFile: foreign.path)

        // validate
        #expect(export.headers["Content-Disposition"] == "attachment; filename=\"Lisboa.vacation\"; filename*=UTF-8''Lisboa.vacation")
        #expect(export.bodyBytes.starts(with: Array("SQLite format 3".utf8)))
        #expect(imported.status == .seeOther)
        #expect(try web.library.vacations.all(of: AccountID(1)).map(\.name) == ["Lisboa", "Lisboa (2)"])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.bodyText.contains("This file is not a RoadTrip vacation: it is not a SQLite database. Nothing was imported."))
        #expect(try web.rows(in: "vacations") == 2)
    }

    @Test func anExportsFileNameIsSafeWhateverTheVacationIsCalled() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")
        let id = try #require(vacationID(visitor.post("/vacations/new", [("name", "Lisboã \"x\"/y\\z")])))

        // MUT
        let export = visitor.get("/vacations/\(id)/export")

        // validate
        #expect(
            export.headers["Content-Disposition"]
                == "attachment; filename=\"Lisbo_ _x__y_z.vacation\"; filename*=UTF-8''Lisbo%C3%A3%20%22x%22%2Fy%5Cz.vacation")
    }
}
