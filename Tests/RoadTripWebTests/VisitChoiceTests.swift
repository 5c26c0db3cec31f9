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
            ids[name] = try #require(created.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
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
