import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// `roadtrip check`: what a crash or a killed instance could leave inconsistent is found.
@Suite struct LibraryCheckTests {
    func library(_ engine: DatabaseEngine) throws -> (PhotosFixture, [Photo]) {
        let fixture = try PhotosFixture(engine: engine)
        let photos = try [("park.jpg", Spot.centralPark), ("bridge.jpg", Spot.goldenGate)].enumerated().map { index, shot in
            try #require(fixture.importPhoto(try fixture.draw(shot.0, seed: UInt64(index + 1), at: shot.1)).photo)
        }
        return (fixture, photos)
    }

    @Test(arguments: DatabaseEngine.allCases) func aWholeLibraryHasNoProblems(engine: DatabaseEngine) throws {
        // setup
        let (fixture, _) = try library(engine)
        // A write under way on another instance right now is not a leftover.
        try Data([1, 2, 3]).write(to: fixture.data.url.appendingPathComponent("originals/.incoming-123"))

        // MUT
        let report = try fixture.library.check(hashes: true)

        // validate
        #expect(report.photos == 2)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.notes.isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func missingOrChangedOriginalsWrongCountsAndOldTemporaryFilesAreProblems(
        engine: DatabaseEngine
    ) throws {
        // setup
        let (fixture, photos) = try library(engine)
        let files = fixture.library.photos.files
        unlink(files.original(sha256: photos[0].sha256, format: photos[0].format))
        let changed = files.original(sha256: photos[1].sha256, format: photos[1].format)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: changed)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: changed))
        try fixture.library.database.write {
            try $0.execute("UPDATE places SET photo_count = photo_count + 5 WHERE id = \(PhotosFixture.newYork.id)")
        }
        let leftover = fixture.data.url.appendingPathComponent("cache/.incoming-42")
        try FileManager.default.createDirectory(at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0]).write(to: leftover)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-2 * 3600)], ofItemAtPath: leftover.path)

        // MUT
        let quick = try fixture.library.check()
        let thorough = try fixture.library.check(hashes: true)

        // validate
        #expect(quick.problems.contains { $0.contains("photo \(photos[0].id): its original") && $0.contains("is missing") })
        #expect(!quick.problems.contains { $0.contains("photo \(photos[1].id)") }, "the same size: only the bytes tell")
        #expect(thorough.problems.contains("photo \(photos[1].id): its original's bytes are not the ones imported"))
        #expect(quick.problems.contains("1 places count their photos wrongly"))
        #expect(quick.problems.contains("a half-written file was left behind: \(leftover.path)"))
    }

    @Test(arguments: DatabaseEngine.allCases) func wrongCountsOfTheMapsCellsAreProblems(engine: DatabaseEngine) throws {
        // setup: a right library first, then one cell miscounted and one counted that holds nothing
        let (fixture, _) = try library(engine)
        #expect(!(try fixture.library.check().problems.contains { $0.contains("photo map") }), "a library as imported is right")
        try fixture.library.database.write { db in
            try db.execute(
                """
                UPDATE photo_map_cells SET photo_count = photo_count + 1 WHERE level = 16 AND cell_y = (SELECT min(cell_y) FROM \
                photo_map_cells WHERE level = 16)
                """
            )
            try db.execute(
                "INSERT INTO photo_map_cells (level, cell_y, cell_x, photo_count, latitude_sum, longitude_sum) VALUES (2, 0, 0, 3, 0, 0)")
        }

        // MUT
        let report = try fixture.library.check()

        // validate
        #expect(report.problems.contains("2 cells of the photo map count their photos wrongly"), "\(report.problems)")
    }

    @Test(arguments: DatabaseEngine.allCases) func wrongCountsOfTheTimelineAreProblems(engine: DatabaseEngine) throws {
        // setup: a right library first, then a day miscounted, a month counted that has no photos, the undated count changed
        let (fixture, _) = try library(engine)
        #expect(
            !(try fixture.library.check().problems.contains { $0.contains("timeline") || $0.contains("without a date") }),
            "a library as imported is right")
        try fixture.library.database.write { db in
            try db.execute("UPDATE timeline_days SET photo_count = photo_count + 1 WHERE day = (SELECT min(day) FROM timeline_days)")
            try db.execute("INSERT INTO timeline_months (month, photo_count) VALUES ('1990-01', 2)")
            try db.execute("UPDATE timeline_undated SET photo_count = 5")
        }

        // MUT
        let report = try fixture.library.check()

        // validate
        #expect(report.problems.contains("1 days of the timeline count their photos wrongly"), "\(report.problems)")
        #expect(report.problems.contains("1 months of the timeline count their photos wrongly"), "\(report.problems)")
        #expect(report.problems.contains { $0.hasPrefix("the count of photos without a date is 5, not ") })
    }

    @Test(arguments: DatabaseEngine.allCases) func wrongCountsOfCountriesAndOfPhotosWithoutAPlaceAreProblems(engine: DatabaseEngine) throws
    {
        // setup: counters changed behind the triggers' backs
        let (fixture, photos) = try library(engine)
        try fixture.library.database.write { db in
            try db.execute("UPDATE place_countries SET photo_count = photo_count + 1")
            try db.execute("UPDATE photos_without_place SET photo_count = 7")
        }
        let countries = try fixture.library.photos.countries().count

        // MUT
        let report = try fixture.library.check()

        // validate
        #expect(countries > 0)
        #expect(report.problems.contains("\(countries) countries count their places or photos wrongly"), "\(report.problems)")
        #expect(
            report.problems.contains(
                "the count of photos without a place is 7, not \(try fixture.library.photos.photos(in: .noLocation).photos.count)"))
        #expect(report.photos == photos.count)
    }

    @Test(arguments: DatabaseEngine.allCases) func aJobGivenUpIsANoteNotAProblem(engine: DatabaseEngine) throws {
        // setup
        let (fixture, photos) = try library(engine)
        let jobs = fixture.library.jobs
        try jobs.enqueue(.renditions, key: String(photos[0].id))
        for attempt in 1...JobQueue.maximumAttempts {
            let job = try #require(try jobs.claim([.renditions]))
            try jobs.fail(job, reason: "decoding failed")
            fixture.clock.advance(by: TimeInterval(60 << (attempt - 1)))
        }

        // MUT
        let report = try fixture.library.check()

        // validate
        #expect(report.problems.isEmpty)
        #expect(
            report.notes == [
                "a renditions job for \(photos[0].id) was given up after \(JobQueue.maximumAttempts) attempts: decoding failed"
            ])
    }
}
