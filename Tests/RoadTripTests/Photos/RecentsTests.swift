import Foundation
import Testing
@testable import RoadTrip

@Suite struct RecentsTests {
    private func photos(_ count: Int, in fixture: PhotosFixture) throws -> [Photo] {
        try (0..<count).map { index in
            try #require(fixture.importPhoto(try fixture.draw("r\(index).png", format: .png, width: 16, height: 16, seed: UInt64(index + 1))).photo)
        }
    }

    @Test func recentsAreNewestFirstWithoutDuplicates() throws {
        // setup
        let fixture = try PhotosFixture()
        let account = try fixture.library.accounts.create(name: "Ann", password: AccountsFixture.password, repeated: AccountsFixture.password)
        let shots = try photos(3, in: fixture)

        // MUT
        for photo in [shots[0], shots[1], shots[2], shots[0]] { try fixture.library.recents.record(photo.id, for: account.id) }

        // validate
        #expect(try fixture.library.recents.photos(of: account.id).map(\.id) == [shots[0].id, shots[2].id, shots[1].id])
    }

    @Test func recentsKeepTheLastTwentyOnly() throws {
        // setup
        let fixture = try PhotosFixture()
        let account = try fixture.library.accounts.create(name: "Ann", password: AccountsFixture.password, repeated: AccountsFixture.password)
        let shots = try photos(23, in: fixture)

        // MUT
        for photo in shots { try fixture.library.recents.record(photo.id, for: account.id) }

        // validate
        let recents = try fixture.library.recents.photos(of: account.id)
        #expect(recents.count == Recents.capacity)
        #expect(recents.map(\.id) == shots.reversed().prefix(20).map(\.id))
    }

    @Test func eachAccountHasItsOwnRecents() throws {
        // setup
        let fixture = try PhotosFixture()
        let ann = try fixture.library.accounts.create(name: "Ann", password: AccountsFixture.password, repeated: AccountsFixture.password)
        let bob = try fixture.library.accounts.create(name: "Bob", password: AccountsFixture.password, repeated: AccountsFixture.password)
        let shots = try photos(2, in: fixture)

        // MUT
        try fixture.library.recents.record(shots[0].id, for: ann.id)
        try fixture.library.recents.record(shots[1].id, for: bob.id)

        // validate
        #expect(try fixture.library.recents.photos(of: ann.id).map(\.id) == [shots[0].id])
        #expect(try fixture.library.recents.photos(of: bob.id).map(\.id) == [shots[1].id])
    }
}
