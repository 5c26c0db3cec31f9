import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// A vacation shared with the household's other accounts: who may see it, who may add to it,
/// and that only its owner manages it. On both engines.
@Suite(.onEachEngine) struct VacationMembersTests {
    let fixture: PhotosFixture
    let ann: Account
    let bob: Account
    let cleo: Account
    let lisbon: Int64

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        ann = try fixture.account("Ann")
        bob = try fixture.account("Bob")
        cleo = try fixture.account("Cleo")
        lisbon = try fixture.vacations.create(named: "Lisbon", for: ann.id)
    }

    var store: VacationStore { fixture.vacations }

    private func photo(_ name: String, seed: UInt64) throws -> Photo {
        try #require(fixture.importPhoto(try fixture.draw(name, width: 120, height: 90, seed: seed, at: Spot.centralPark)).photo)
    }

    @Test func aSharedVacationShowsUnderSharedWithMeWithItsOwnersName() throws {
        // MUT
        try store.share(lisbon, with: bob.id, as: .view, by: ann.id)

        // validate
        #expect(try store.sharedWith(bob.id).map { "\($0.vacation.name) \($0.ownerName) \($0.role)" } == ["Lisbon Ann view"])
        #expect(try store.sharedWith(cleo.id).isEmpty)
        #expect(try store.accessible(lisbon, for: bob.id)?.access == .member(.view))
        #expect(try store.accessible(lisbon, for: ann.id)?.access == .owner)
        #expect(try store.accessible(lisbon, for: cleo.id) == nil)
        #expect(try store.members(of: lisbon, for: ann.id).map(\.name) == ["Bob"])
        #expect(try store.members(of: lisbon, for: bob.id).isEmpty, "only the owner lists who it is shared with")
        #expect(try store.all(of: bob.id).isEmpty, "a shared vacation is not the member's own")
    }

    @Test func aViewerCannotAddAndAnAdderAddsAndRemovesOnlyTheirOwnPhotos() throws {
        // setup
        let annsPhoto = try photo("a.jpg", seed: 1)
        let bobsPhoto = try photo("b.jpg", seed: 2)
        try store.visit(annsPhoto, into: lisbon, for: ann.id, library: fixture.library)
        try store.share(lisbon, with: bob.id, as: .view, by: ann.id)

        // MUT + validate: a viewer may not visit
        #expect(throws: VacationError.onlyTheOwner) { try store.visit(bobsPhoto, into: lisbon, for: bob.id, library: fixture.library) }
        #expect(try store.visitable(by: bob.id).isEmpty)

        // MUT + validate: an adder may, and may take out only what they added
        try store.share(lisbon, with: bob.id, as: .add, by: ann.id)
        #expect(try store.visitable(by: bob.id).map(\.name) == ["Lisbon (Ann’s)"])
        #expect(try store.visit(bobsPhoto, into: lisbon, for: bob.id, library: fixture.library))
        #expect(try store.holding(sha256: bobsPhoto.sha256, for: bob.id).map(\.name) == ["Lisbon (Ann’s)"])
        // Bob's tags follow the photos he added, as they follow his own vacations'; never Ann's photos.
        try fixture.library.photoTags.add("bridge", to: bobsPhoto.id, for: bob.id)
        try fixture.library.photoTags.add("lawn", to: annsPhoto.id, for: bob.id)
        #expect(try store.vacation(lisbon, of: ann.id)?.contents.tags().map(\.name) == ["bridge"])
        #expect(try store.holding(sha256: annsPhoto.sha256, for: bob.id).isEmpty)
        #expect(throws: VacationError.onlyTheOwner) { try store.unvisit(sha256: annsPhoto.sha256, from: lisbon, for: bob.id) }
        #expect(try store.unvisit(sha256: bobsPhoto.sha256, from: lisbon, for: bob.id))
        #expect(try store.vacation(lisbon, of: ann.id)?.contents.photos().map(\.sha256) == [annsPhoto.sha256])

        // validate: the owner removes anyone's
        try store.visit(bobsPhoto, into: lisbon, for: bob.id, library: fixture.library)
        #expect(try store.unvisit(sha256: bobsPhoto.sha256, from: lisbon, for: ann.id))
    }

    @Test func onlyTheOwnerRenamesDeletesExportsOrShares() throws {
        // setup
        try store.share(lisbon, with: bob.id, as: .add, by: ann.id)

        // MUT + validate
        #expect(throws: VacationError.noSuchVacation) { try store.rename(lisbon, to: "Porto", for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.delete(lisbon, for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.export(lisbon, for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.share(lisbon, with: cleo.id, as: .view, by: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.unshare(lisbon, with: bob.id, by: bob.id) }
        #expect(throws: SharingError.notYourOwn) { try store.share(lisbon, with: ann.id, as: .view, by: ann.id) }
        #expect(throws: SharingError.noSuchAccount) { try store.share(lisbon, with: AccountID(999), as: .view, by: ann.id) }
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon"])
    }

    @Test func removingSomeoneEndsTheirAccessAtOnceAndKeepsThePhotosTheyAdded() throws {
        // setup
        let bobsPhoto = try photo("b.jpg", seed: 2)
        try store.share(lisbon, with: bob.id, as: .add, by: ann.id)
        try store.visit(bobsPhoto, into: lisbon, for: bob.id, library: fixture.library)

        // MUT
        try store.unshare(lisbon, with: bob.id, by: ann.id)

        // validate
        #expect(try store.accessible(lisbon, for: bob.id) == nil)
        #expect(try store.sharedWith(bob.id).isEmpty)
        #expect(throws: VacationError.noSuchVacation) { try store.visit(bobsPhoto, into: lisbon, for: bob.id, library: fixture.library) }
        #expect(try store.vacation(lisbon, of: ann.id)?.contents.photos().count == 1)
        #expect(throws: SharingError.notAMember) { try store.unshare(lisbon, with: bob.id, by: ann.id) }
    }

    @Test func aRemovedAccountLeavesTheVacationsSharedWithIt() throws {
        // setup
        try store.share(lisbon, with: bob.id, as: .view, by: ann.id)

        // MUT
        try fixture.library.accounts.removeFromShell(bob.id)

        // validate
        #expect(try store.members(of: lisbon, for: ann.id).isEmpty)
        #expect(try fixture.rows(in: "vacation_members") == 0)
    }
}
