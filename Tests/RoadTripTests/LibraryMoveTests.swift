import Foundation
import Geo
import PostgreSQL
import SQLDatabase
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// `roadtrip migrate`: a SQLite data folder into an empty PostgreSQL database.
@Suite struct LibraryMoveTests {
    /// A household's folder: the demo destinations, two accounts, photos in places, a tag, a
    /// vacation, a Recents entry, a setting and a queued job.
    func household() throws -> (PhotosFixture, ann: Account, photos: [Photo]) {
        let fixture = try PhotosFixture()
        try fixture.library.catalog.loadDemoOnFirstStart()
        let ann = try fixture.account("Ann")
        _ = try fixture.account("Bob")
        let photos = try [("park.jpg", Spot.centralPark), ("bridge.jpg", Spot.goldenGate), ("paulista.jpg", Spot.paulista)]
            .enumerated().map { index, shot in
                try #require(fixture.importPhoto(try fixture.draw(shot.0, seed: UInt64(index + 1), at: shot.1)).photo)
            }
        try fixture.library.photoTags.add("Skyline", to: photos[0].id, for: ann.id)
        let lisbon = try fixture.vacations.create(named: "Lisbon", for: ann.id)
        try fixture.vacations.visit(photos[1], into: lisbon, for: ann.id, library: fixture.library)
        try fixture.library.recents.record(.library(photos[2].id), for: ann.id)
        try fixture.library.jobs.enqueue(.renditions, key: String(photos[0].id))
        _ = try fixture.library.authenticator.sessions.start(for: ann)
        return (fixture, ann, photos)
    }

    /// A table added to the schema and not to the move's list would be left behind without a word
    /// (videos nearly were): each is copied, or is one of these, counted again or not moved.
    @Test func everyTableOfTheSchemaIsCopiedOrCountedAgain() throws {
        let fixture = try PhotosFixture()
        let all = try fixture.library.database.read { db in
            try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { try $0["name"] as String }
        }
        let notCopied: Set = [
            "photo_map_cells", "photo_map_levels", "photos_without_place", "place_countries", "schema_migrations",
            "sessions", "sign_in_failures", "timeline_days", "timeline_months", "timeline_undated",
        ]

        #expect(Set(all).subtracting(notCopied) == Set(LibraryMove.tables))
    }

    @Test func aVideoMovesWithItsFileAndItsRenditionsState() throws {
        // setup: a video made playable
        let fixture = try PhotosFixture()
        let photo = try #require(fixture.importPhoto(try TestClips.h264()).photo)
        try fixture.library.runVideoJob(Job(id: 0, kind: .video, key: String(photo.id), attempts: 1))
        let target = try TestPostgreSQL.freshAddress()

        // MUT
        let moved = try LibraryMove(from: fixture.data.url, to: target).run { _ in }

        // validate
        #expect(moved.first { $0.name == "videos" }?.copied == 1)
        let library = try Library(folder: fixture.data.url, database: .postgreSQL(target), readers: 1, clock: fixture.clock.wallClock)
        let movedPhoto = try #require(try library.photos.photo(id: photo.id))
        let video = try #require(try library.photos.video(of: movedPhoto))
        #expect(video.sha256 == photo.sha256 && video.container == .mp4 && video.rendition == .ready && video.renditionWay == .remux)
    }

    @Test func everyTableIsCopiedAndTheLibraryWorksOnPostgreSQL() throws {
        // setup
        let (fixture, ann, photos) = try household()
        let target = try TestPostgreSQL.freshAddress()

        // MUT
        var reported: [String] = []
        let moved = try LibraryMove(from: fixture.data.url, to: target).run { reported.append($0.name) }

        // validate: counts equal, table by table, and nothing was left out of the report.
        #expect(reported == LibraryMove.tables)
        #expect(moved.allSatisfy { $0.source == $0.copied })
        #expect(moved.first { $0.name == "photos" }?.copied == 3)
        #expect(moved.first { $0.name == "accounts" }?.copied == 2)
        let library = try Library(folder: fixture.data.url, database: .postgreSQL(target), readers: 2, clock: fixture.clock.wallClock)
        // The old password signs in; sessions were not copied.
        let outcome = try library.authenticator.signIn(
            name: "ann", password: AccountsFixture.password, address: "192.0.2.9", deviceToken: nil)
        #expect(outcome.isSignedIn)
        #expect(try library.database.read { try $0.fetchValue("SELECT count(*) FROM sessions") as Int? } == 1, "only the new sign-in's")
        // Every photo opens, with its place counted once, and the files are the folder's.
        for photo in photos {
            #expect(try library.photos.photo(id: photo.id) == photo)
            #expect(FileManager.default.fileExists(atPath: try library.renditions.file(.thumbnail, of: photo)))
        }
        #expect(try library.photos.places(order: .byCountry).map(\.photoCount) == [1, 1, 1])
        // Countries are not copied: the target's triggers count them as the photos arrive.
        #expect(
            try library.photos.countries() == [
                PlaceCountry(code: "BR", name: "Brazil", placeCount: 1, photoCount: 1),
                PlaceCountry(code: "US", name: "United States", placeCount: 2, photoCount: 2),
            ])
        // Nor is the map's grid (its columns are generated; its cells counted once the photos are
        // in), and its trigger counts the photos that come and go after the move.
        let world = MapBox(south: -90, west: -180, north: 90, east: 180)!
        #expect(try library.photos.map(of: world, zoom: 2) == (try fixture.photos.map(of: world, zoom: 2)))
        #expect(try library.photos.map(of: world, zoom: 2).photoCount == 3)
        let cells: Int = try library.database.fetchValue("SELECT count(*) FROM photo_map_cells") ?? 0
        #expect(cells == 3 * PhotoMapGrid.levels.count, "three photos far apart: a cell of their own at each level")
        try library.database.write { try $0.execute("UPDATE photos SET latitude = NULL, longitude = NULL WHERE id = \(photos[0].id)") }
        #expect(try library.photos.map(of: world, zoom: 2).photoCount == 2)
        // The counters were counted once, after the copy, and count again after it.
        #expect(try library.database.fetchValue("SELECT photo_count FROM photos_without_place") as Int? == 0)
        try library.database.write { try $0.execute("UPDATE photos SET place_id = NULL WHERE id = \(photos[0].id)") }
        #expect(try library.database.fetchValue("SELECT photo_count FROM photos_without_place") as Int? == 1)
        #expect(try library.photos.countries().map(\.photoCount).reduce(0, +) == 2)
        #expect(try library.photos.places(order: .byCountry).map(\.photoCount) == [1, 1])
        // The timeline's counts too, once, and the search for trips still queued as it was.
        #expect(try library.timeline.months() == (try fixture.library.timeline.months()))
        #expect(try library.timeline.months().map(\.photoCount).reduce(0, +) == 3)
        #expect(try library.jobs.isQueued(.trips, key: "library"))
        try library.database.write { try $0.execute("UPDATE photos SET taken_at = NULL WHERE id = \(photos[0].id)") }
        #expect(try library.timeline.months().map(\.photoCount).reduce(0, +) == 2 && (try library.timeline.undatedCount()) == 1)
        #expect(try library.photoTags.tags(of: photos[0].id, for: ann.id) == ["Skyline"])
        #expect(try library.recents.items(of: ann.id).map(\.key) == [.library(photos[2].id)])
        #expect(try library.catalog.all().map(\.name) == (try fixture.library.catalog.all().map(\.name)))
        #expect(try library.jobs.isQueued(.renditions, key: String(photos[0].id)))
        // New rows are numbered after the copied ones.
        let carol = try library.accounts.create(name: "Carol", password: AccountsFixture.password, repeated: AccountsFixture.password)
        #expect(carol.id.rawValue == 3)
    }

    @Test func aDatabaseThatIsNotEmptyIsRefusedAndKeptAsItWas() throws {
        // setup
        let (fixture, _, _) = try household()
        let target = try TestPostgreSQL.freshAddress()
        try LibraryMove(from: fixture.data.url, to: target).run()

        // MUT
        let error = #expect(throws: LibraryError.self) { try LibraryMove(from: fixture.data.url, to: target).run() }

        // validate
        #expect(error?.description.contains("is not empty") == true)
        #expect(error?.description.contains(AccountsFixture.password) == false)
        let library = try Library(folder: fixture.data.url, database: .postgreSQL(target), readers: 1)
        #expect(try library.accounts.all().count == 2, "nothing copied twice")
    }

    /// A row PostgreSQL refuses (text with a NUL byte, which SQLite keeps) fails the copy
    /// half way: nothing of it stays, and once the row is mended the copy runs again.
    @Test func aCopyThatFailsHalfWayLeavesNothingAndCanRunAgain() throws {
        // setup
        let (fixture, _, photos) = try household()
        try fixture.library.database.write { try $0.execute("UPDATE photos SET title = \("Bad\u{0}title") WHERE id = \(photos[2].id)") }
        let target = try TestPostgreSQL.freshAddress()

        // MUT
        let failure = #expect(throws: LibraryError.self) { try LibraryMove(from: fixture.data.url, to: target).run() }
        let empty = try PostgreSQLDatabase(address: target, connections: 1).read { db in
            try LibraryMove.tables.map { table in try db.fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0 }.reduce(0, +)
        }
        try fixture.library.database.write { try $0.execute("UPDATE photos SET title = 'Mended' WHERE id = \(photos[2].id)") }
        let moved = try LibraryMove(from: fixture.data.url, to: target).run()

        // validate
        #expect(failure?.description.contains("nothing was copied") == true)
        #expect(empty == 0)
        #expect(moved.allSatisfy { $0.source == $0.copied })
    }

    @Test func aFolderWithoutALibraryOrATargetThatIsNotPostgreSQLIsRefused() throws {
        // setup
        let fixture = try PhotosFixture()
        let nowhere = fixture.data.url.appendingPathComponent("nothing-here")

        // MUT + validate
        let missing = #expect(throws: LibraryError.self) { try LibraryMove(from: nowhere, to: try TestPostgreSQL.freshAddress()).run() }
        #expect(missing?.description.contains("holds no RoadTrip library") == true)
        let notPostgreSQL = #expect(throws: LibraryError.self) { try LibraryMove(from: fixture.data.url, to: "sqlite:///tmp/x") }
        #expect(notPostgreSQL?.description.contains("postgresql://") == true)
    }
}
