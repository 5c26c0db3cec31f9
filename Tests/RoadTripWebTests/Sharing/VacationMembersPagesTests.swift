import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import Testing

/// A vacation shared with another account of the household: what the member sees and may do on
/// every vacation address, *can view* against *can add photos*, and removal mid-session.
@Suite struct VacationMembersPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads
    let ann: Visitor
    let bob: Visitor
    let bobID: AccountID
    let vacation: Int64
    let photo: Photo

    /// Ann's "Lisbon" with one photo and a link; Bob is account 2 (the examples' other account); today is
    /// `PageSnapshotTests.now`, as Share says when its link was made and ends.
    init() throws {
        web = try WebFixture(clock: WallClock { PageSnapshotTests.now })
        uploads = try PhotoUploads()
        ann = try web.signedIn("Ann")
        bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        let accounts = try web.library.accounts.all()
        let annID = try #require(accounts.first { $0.name == "Ann" }).id
        bobID = try #require(accounts.first { $0.name == "Bob" }).id
        vacation = try web.library.vacations.create(named: "Lisbon", for: annID)
        try #require(vacation == 1)
        let path = try uploads.draw("park.jpg", seed: 1, width: 80, height: 60)
        photo = try #require(web.library.photos.importPhoto(at: path, fileName: "park.jpg", by: nil).photoValue)
        try web.library.vacations.visit(photo, into: vacation, for: annID, library: web.library)
        _ = try web.library.sharing.makeLink(to: vacation, for: annID)
    }

    private func share(as role: VacationRole) {
        ann.get(Route.vacationSharing(id: vacation).path)
        let answer = ann.post(Route.vacationMembers(id: vacation).path, [("account", String(bobID.rawValue)), ("role", role.rawValue)])
        #expect(answer.status == .seeOther)
    }

    /// The "+" of a master bar: where it leads, and what it says.
    private func plus(_ html: String) -> (href: String?, label: String?)? {
        Markup.tags("a", in: html).first { Markup.attribute("class", of: $0) == "bar-button bar-add" }
            .map { (Markup.attribute("href", of: $0), Markup.attribute("aria-label", of: $0)) }
    }

    @Test func thePlusOnVacationsMakesOneAndOnAVacationPicksPhotosFromTheLibraryToAdd() throws {
        // setup: a second photo in the library, not in the vacation
        let path = try uploads.draw("bridge.jpg", seed: 2, width: 80, height: 60)
        let bridge = try #require(web.library.photos.importPhoto(at: path, fileName: "bridge.jpg", by: nil).photoValue)
        let picker = Route.vacationPicker(id: vacation, before: nil).path

        // MUT
        let list = ann.get(Route.vacations.path).bodyText
        let grid = ann.get(Route.vacationPhotos(id: vacation, filter: .all).path).bodyText
        let page = ann.get(picker)
        let added = ann.post(
            Route.addToVacation.path, [("vacation", String(vacation)), ("photos", String(bridge.id)), ("photos", String(photo.id))])
        let nonsense = ann.get(Route.vacationPicker(id: vacation, before: "nonsense").path)

        // validate
        #expect(
            plus(list)?.href == Route.newVacation.path && plus(list)?.label == "New vacation",
            "Vacations' + makes a vacation, not an upload")
        #expect(plus(grid)?.href == picker && plus(grid)?.label == "Add photos to Lisbon")
        #expect(page.status == .ok)
        web.expectPage(page, recordedAs: "the-librarys-photos-to-add-to-lisbon", seenBy: ann)
        #expect(added.status == .seeOther && added.headers["Location"] == Route.vacationPhotos(id: vacation, filter: .all).path)
        #expect(try web.rows(in: "vacation_photos") == 2, "both in it, the one already there once")
        #expect(nonsense.status == .ok, "a page key that is none is the newest page")
    }

    @Test func aViewerHasNoPlusOnTheVacationAndItsPickerIsRefusedWithTheReason() throws {
        // setup
        share(as: .view)

        // MUT
        let grid = bob.get(Route.vacationPhotos(id: vacation, filter: .all).path).bodyText
        let picker = bob.get(Route.vacationPicker(id: vacation, before: nil).path)

        // validate
        #expect(plus(grid) == nil, "nothing to add to a vacation shared to look at")
        #expect(picker.status == .forbidden)
        #expect(picker.bodyText.contains("Ann shares this vacation to look at, not to add to."))
    }

    @Test func sharedWithAnAccountItShowsUnderSharedWithMeWithItsOwnerAndWithoutTheOwnersActions() throws {
        // MUT
        share(as: .view)

        // validate
        web.expectPage(bob.get(Route.vacations.path), recordedAs: "lisbon-shared-with-bob", seenBy: bob)
        let menu = bob.get(Route.vacation(id: vacation).path)
        #expect(menu.status == .ok)
        web.expectPage(menu, recordedAs: "lisbon-shared-by-ann", seenBy: bob)
        for action in ["Rename", "Export", "Delete…", "Share…"] { #expect(!menu.bodyText.contains(action), "\(action)") }
        web.expectPage(ann.get(Route.vacationSharing(id: vacation).path), recordedAs: "share-with-bob-who-can-view", seenBy: ann)
    }

    /// Every vacation address of the examples (vacation 1, photo 1, link 1, account 2), as a member
    /// who may view: the vacation's screens open, every change of it is the owner's alone.
    @Test func aViewerOpensEveryScreenAndChangesNothing() throws {
        // setup
        share(as: .view)
        let before = try web.snapshot()
        let routes = Route.examples.filter { $0.path.hasPrefix("/vacations/1") }
        try #require(routes.count == 25)

        for route in routes {
            // MUT
            let page = route.methods.contains("GET") ? bob.get(route.path) : nil
            bob.get(Route.vacation(id: vacation).path)
            let post =
                route.methods.contains("POST") ? bob.post(route.path, [("name", "Mallory"), ("account", "2"), ("role", "add")]) : nil

            // validate
            switch route {
            case .vacation, .vacationItinerary, .vacationTags, .vacationPhotos, .vacationPhoto, .vacationPhotoImage, .vacationBook,
                .vacationKeepListPart:
                #expect(page?.status == .ok, "GET \(route.path)")
            case .vacationPhotoVideo:
                #expect(page?.status == .notFound, "the example photo is no video: not refused, not there")
            default:
                if let page { #expect(page.status == .forbidden, "GET \(route.path): \(page.status)") }
                if let post { #expect(post.status == .forbidden, "POST \(route.path): \(post.status)") }
            }
        }
        #expect(try web.snapshot().rows == before.rows)
        #expect(!bob.get(Route.vacationPhoto(id: vacation, photo: 1, filter: .all).path).bodyText.contains("Remove from this vacation"))
    }

    @Test func anAdderVisitsAndUnvisitsTheirOwnPhotosAndNoOneElses() throws {
        // setup
        share(as: .add)
        let path = try uploads.draw("bridge.jpg", seed: 2, width: 80, height: 60)
        let bobsPhoto = try #require(web.library.photos.importPhoto(at: path, fileName: "bridge.jpg", by: nil).photoValue)

        // MUT: the chooser lists it, and a visit goes in
        let chooser = bob.get(Route.visit(photo: bobsPhoto.id).path)
        let visited = bob.post(Route.visit(photo: bobsPhoto.id).path, [("vacation", String(vacation))])

        // validate
        web.expectPage(chooser, recordedAs: "visit-offering-lisbon-anns", seenBy: bob)
        #expect(visited.status == .seeOther)
        #expect(try web.library.vacations.vacation(vacation, of: AccountID(1))?.contents.contains(sha256: bobsPhoto.sha256) == true)
        #expect(bob.get(Route.vacationPhoto(id: vacation, photo: 2, filter: .all).path).bodyText.contains("Remove from this vacation"))
        #expect(bob.get(Route.vacationPhotoRemoval(id: vacation, photo: 1, filter: .all).path).status == .forbidden)
        bob.get(Route.vacation(id: vacation).path)
        #expect(bob.post(Route.vacationPhotoRemoval(id: vacation, photo: 1, filter: .all).path).status == .forbidden)
        #expect(bob.post(Route.vacationPhotoRemoval(id: vacation, photo: 2, filter: .all).path).status == .seeOther)
        #expect(try web.library.vacations.vacation(vacation, of: AccountID(1))?.contents.photos().map(\.sha256) == [photo.sha256])
    }

    @Test func aViewersVisitIsRefusedWithTheReason() throws {
        // setup
        share(as: .view)
        bob.get(Route.visit(photo: photo.id).path)

        // MUT
        let refused = bob.post(Route.visit(photo: photo.id).path, [("vacation", String(vacation))])

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(refused.bodyText.contains("Only the vacation’s owner can do that."))
    }

    @Test func removingSomeoneEndsTheirAccessAtTheirNextRequest() throws {
        // setup: Bob has the vacation open, its pages kept
        share(as: .add)
        for _ in 0..<2 { #expect(bob.get(Route.vacationPhotos(id: vacation, filter: .all).path).status == .ok) }

        // MUT
        ann.get(Route.vacationSharing(id: vacation).path)
        let removed = ann.post(Route.vacationMemberRemoval(id: vacation, account: bobID).path)

        // validate
        #expect(removed.status == .seeOther)
        for route in [
            Route.vacationPhotos(id: vacation, filter: .all), .vacation(id: vacation),
            .vacationPhotoImage(id: vacation, photo: 1, size: .thumbnail),
            .vacationKeepList(id: vacation), .vacationBook(id: vacation, page: 1),
        ] {
            #expect(bob.get(route.path).status == .notFound, "\(route.path)")
        }
        #expect(!bob.get(Route.vacations.path).bodyText.contains("Shared with me"))
        bob.get(Route.visit(photo: photo.id).path)
        #expect(
            bob.post(Route.visit(photo: photo.id).path, [("vacation", String(vacation))]).status == .notFound,
            "a visit kept offline is refused")
    }
}
