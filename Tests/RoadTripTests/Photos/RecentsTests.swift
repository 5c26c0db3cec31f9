import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

@Suite struct RecentsTests {
    private func photos(_ count: Int, in fixture: PhotosFixture) throws -> [Photo] {
        try (0..<count).map { index in
            try #require(
                fixture.importPhoto(try fixture.draw("r\(index).png", format: .png, width: 16, height: 16, seed: UInt64(index + 1))).photo)
        }
    }

    @Test(arguments: DatabaseEngine.allCases) func recentsAreNewestFirstWithoutDuplicates(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let account = try fixture.account("Ann")
        let shots = try photos(3, in: fixture)

        // MUT
        for photo in [shots[0], shots[1], shots[2], shots[0]] { try fixture.library.recents.record(photo.id, for: account.id) }

        // validate
        #expect(try fixture.library.recents.items(of: account.id).map(\.key) == [shots[0], shots[2], shots[1]].map { .library($0.id) })
    }

    @Test(arguments: DatabaseEngine.allCases) func recentsKeepTheLastTwentyOnly(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let account = try fixture.account("Ann")
        let shots = try photos(23, in: fixture)

        // MUT
        for photo in shots { try fixture.library.recents.record(photo.id, for: account.id) }

        // validate
        let recents = try fixture.library.recents.items(of: account.id)
        #expect(recents.count == Recents.capacity)
        #expect(recents.map(\.key) == shots.reversed().prefix(20).map { .library($0.id) })
    }

    @Test(arguments: DatabaseEngine.allCases) func eachAccountHasItsOwnRecents(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let ann = try fixture.account("Ann")
        let bob = try fixture.account("Bob")
        let shots = try photos(2, in: fixture)

        // MUT
        try fixture.library.recents.record(shots[0].id, for: ann.id)
        try fixture.library.recents.record(shots[1].id, for: bob.id)

        // validate
        #expect(try fixture.library.recents.items(of: ann.id).map(\.key) == [.library(shots[0].id)])
        #expect(try fixture.library.recents.items(of: bob.id).map(\.key) == [.library(shots[1].id)])
    }
}
