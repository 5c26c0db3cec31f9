import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// A tag added to or removed from a library photo reaches every vacation of the person's that
/// holds the photo (issue 33, 4), on both engines: before, a vacation kept the tags the photo
/// had when it was visited, and a tag added later never reached it.
extension VacationStoreTests {
    func versions(_ ids: [Int64]) throws -> [Int64] {
        try ids.map { id in try fixture.library.database.fetchValue("SELECT version FROM vacations WHERE id = \(id)") ?? -1 }
    }

    func tags(_ vacation: Int64, of account: Account, photo sha256: String) throws -> [String] {
        let contents = try #require(try store.vacation(vacation, of: account.id)?.contents)
        let held = try #require(try contents.photos().first { $0.sha256 == sha256 })
        return try contents.tags(ofPhoto: held.id)
    }

    @Test func aTagAddedOrRemovedInTheLibraryChangesEveryVacationOfThePersonHoldingThePhoto() throws {
        // setup
        let bob = try fixture.account("Bob")
        let photo = try #require(fixture.importPhoto(try fixture.draw("duomo.jpg", at: (43.4633, 11.8796))).photo)
        let other = try #require(fixture.importPhoto(try fixture.draw("other.jpg", seed: 2)).photo)
        let tuscany = try store.create(named: "Tuscany 2008", for: ann.id)
        let arezzo = try store.create(named: "Arezzo", for: ann.id)
        let bobs = try store.create(named: "Bob's Tuscany", for: bob.id)
        for id in [tuscany, arezzo] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }
        try store.visit(other, into: arezzo, for: ann.id, library: fixture.library)
        try store.visit(photo, into: bobs, for: bob.id, library: fixture.library)
        let before = try versions([tuscany, arezzo, bobs])

        // MUT 1
        try fixture.library.photoTags.add("church", to: photo.id, for: ann.id)

        // validate 1
        #expect(try tags(tuscany, of: ann, photo: photo.sha256) == ["church"])
        #expect(try tags(arezzo, of: ann, photo: photo.sha256) == ["church"])
        #expect(try tags(arezzo, of: ann, photo: other.sha256) == [], "only the photo tagged")
        #expect(try store.vacation(tuscany, of: ann.id)?.contents.tags().map(\.name) == ["church"], "the vacation's Tags list has it")
        #expect(try tags(bobs, of: bob, photo: photo.sha256) == [], "Ann's tags are hers")
        let added = try versions([tuscany, arezzo, bobs])
        #expect(added[0] == before[0] + 1 && added[1] == before[1] + 1 && added[2] == before[2], "a new version of each changed vacation")

        // MUT 2
        try fixture.library.photoTags.add("Church ", to: photo.id, for: ann.id)  // the same tag: nothing changes
        let again = try versions([tuscany, arezzo, bobs])
        try fixture.library.photoTags.remove("CHURCH", from: photo.id, for: ann.id)

        // validate 2
        #expect(again == added)
        #expect(try tags(tuscany, of: ann, photo: photo.sha256) == [])
        #expect(try store.vacation(tuscany, of: ann.id)?.contents.tags().isEmpty == true, "a tag without photos leaves the list")
        #expect(try versions([tuscany, arezzo, bobs]) == [added[0] + 1, added[1] + 1, added[2]])
    }

    /// The photo's own keywords are its tags whatever the person does with theirs.
    @Test func removingAnOwnTagThatIsAlsoAKeywordLeavesTheKeyword() throws {
        // setup
        let photo = try #require(fixture.importPhoto(try fixture.draw("keyword.jpg")).photo)
        try fixture.library.database.write { db in try db.execute("UPDATE photos SET keywords = 'Duomo;Arezzo' WHERE id = \(photo.id)") }
        let refreshed = try #require(try fixture.library.photos.photo(id: photo.id))
        try fixture.library.photoTags.add("duomo", to: photo.id, for: ann.id)
        let tuscany = try store.create(named: "Tuscany", for: ann.id)
        try store.visit(refreshed, into: tuscany, for: ann.id, library: fixture.library)
        let before = try versions([tuscany])

        // MUT
        try fixture.library.photoTags.remove("duomo", from: photo.id, for: ann.id)

        // validate
        #expect(try tags(tuscany, of: ann, photo: photo.sha256) == ["Arezzo", "Duomo"])
        #expect(try versions([tuscany]) == before)
    }
}
