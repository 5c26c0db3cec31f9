import Foundation
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Visit…'s list of vacations marks those that hold the photo already (issue 33, 8), as iOS
/// checks a chosen row; the others are plain.
@Suite struct VisitChoiceTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    @Test func theVacationsThatHoldThePhotoAreChecked() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let path = try uploads.draw("duomo.jpg", seed: 5, at: (43.46, 11.88), takenAt: "2008-05-01T10:00:00", width: 80, height: 60)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "duomo.jpg", by: nil).photoValue)
        var ids: [String: Int64] = [:]
        for name in ["Tuscany 2008", "Rome"] {
            let created = ann.post(Route.newVacation.path, [("name", name)])
            guard let id = created.headers["Location"].flatMap({ $0.split(separator: "/").last.flatMap { Int64($0) } }) else {
                Issue.record("no vacation made of \(name)")
                return
            }
            ids[name] = id
        }
        #expect(ann.post(Route.visit(photo: photo.id).path, [("vacation", String(ids["Tuscany 2008"]!))]).status == .seeOther)

        // MUT
        let html = ann.get(Route.visit(photo: photo.id).path).bodyText

        // validate
        let rows = html.matches(of: #/class="row choice"[^>]*>(.*?)</button>/#).map { String($0.output.1) }
        let tuscany = try #require(rows.first { $0.contains("Tuscany 2008") })
        let rome = try #require(rows.first { $0.contains("Rome") })
        #expect(tuscany.contains("<span class=\"row-check\" role=\"img\" aria-label=\"holds this photo\">✓</span>"))
        #expect(!rome.contains("row-check"))
    }
}

/// "Add to vacation…" in a grid's select mode (issue 49, 9): many photos into one vacation, and
/// every refusal says why and adds nothing.
extension VisitChoiceTests {
    private func photo(_ name: String, seed: UInt64) throws -> Int64 {
        let path = try uploads.draw(name, seed: seed, at: (43.46, 11.88), takenAt: "2008-05-0\(seed)T10:00:00", width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue).id
    }

    private func held(_ vacation: Int64) throws -> Int {
        try web.library.database.fetchValue("SELECT count(*) FROM vacation_photos WHERE vacation_id = \(vacation)") ?? -1
    }

    @Test func chosenPhotosGoIntoTheVacationChosenAndRefusalsAddNothing() throws {
        // setup
        let ann = try web.signedIn("Ann"), bob = try web.signedIn("Bob", owner: false)
        let (duomo, ponte) = (try photo("duomo.jpg", seed: 1), try photo("ponte.jpg", seed: 2))
        let created = ann.post(Route.newVacation.path, [("name", "Tuscany")])
        let tuscany = try #require(created.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
        let bobs = bob.post(Route.newVacation.path, [("name", "Bob's")])
        let bobsID = try #require(bobs.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
        let list = "\(duomo),\(ponte)"

        // MUT
        let chooser = ann.get(Route.addToVacation.path + "?photos=\(list)")
        let nothingChosen = ann.post(Route.addToVacation.path, [("vacation", String(tuscany))])
        let notTheirs = ann.post(Route.addToVacation.path, [("photos", list), ("vacation", String(bobsID))])
        let unnamed = ann.post(Route.addToVacation.path, [("photos", list), ("name", "  ")])
        let withoutToken = ann.post(Route.addToVacation.path, [("photos", list), ("vacation", String(tuscany))], csrf: .omitted)
        let added = ann.post(Route.addToVacation.path, [("photos", list), ("vacation", String(tuscany))])

        // validate
        #expect(chooser.status == .ok && chooser.bodyText.contains("Add 2 photos to…") && chooser.bodyText.contains("Tuscany"))
        #expect(
            !chooser.bodyText.contains("Bob&#39;s") && !chooser.bodyText.contains("Bob's"),
            "only the account's own (and those shared with it to add to)")
        #expect(nothingChosen.status == .unprocessableContent && nothingChosen.bodyText.contains("Choose photos first"))
        #expect(notTheirs.status == .notFound, "another account's vacation is no vacation")
        #expect(unnamed.status == .unprocessableContent)
        #expect(withoutToken.status == .forbidden)
        #expect(try held(bobsID) == 0)
        #expect(added.status == .seeOther && added.headers["Location"] == Route.vacationPhotos(id: tuscany, filter: .all).path)
        #expect(try held(tuscany) == 2)
    }
}
