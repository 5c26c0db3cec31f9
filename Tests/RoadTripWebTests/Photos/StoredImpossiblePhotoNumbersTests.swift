import Foundation
import HTTPServer
import RoadTrip
import SQLDatabase
import TestDatabases
import Testing

/// Orientations, sizes and dates no photo has, stored by an older RoadTrip (written here with
/// SQL): pages still draw, and `roadtrip check` says what it found and repairs it (before, it
/// said nothing of them).
@Suite struct StoredImpossiblePhotoNumbersTests {
    let uploads: PhotoUploads

    init() throws {
        uploads = try PhotoUploads()
    }

    /// Photo 1 (80 × 60) with orientation 9, a size of 0 × -5 and 31 April; photo 2 with a size whose
    /// product overflows and no original left; the vacation's copy of photo 1 with 31 April too.
    private func spoiled(_ engine: String) throws -> (WebFixture, Visitor) {
        let web = engine == "sqlite" ? try WebFixture() : try WebFixture(database: .postgreSQL(try TestPostgreSQL.freshAddress()))
        let visitor = try web.signedIn()
        let first = try #require(
            web.library.photos.importPhoto(
                at: try uploads.draw("p1.jpg", seed: 1, width: 80, height: 60),
                fileName: "p1.jpg", by: nil
            ).photoValue)
        let second = try #require(
            web.library.photos.importPhoto(at: try uploads.draw("p2.jpg", seed: 2), fileName: "p2.jpg", by: nil).photoValue)
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Lisboa")])
        _ = visitor.post("/photos/\(first.id)/visit", [("vacation", "1")])
        try FileManager.default.removeItem(atPath: web.library.photos.files.original(sha256: second.sha256, format: .jpeg))
        try web.library.database.write { db in
            try db.execute(
                "UPDATE photos SET orientation = 9, width = 0, height = -5, taken_at = '2023-04-31T10:00:00' WHERE id = \(first.id)")
            try db.execute("UPDATE photos SET width = \(Int64.max), height = 4 WHERE id = \(second.id)")
            try db.execute("UPDATE vacation_photos SET taken_at = '2023-04-31T10:00:00' WHERE vacation_id = 1")
        }
        return (web, visitor)
    }

    @Test(arguments: StoredImpossiblePositionsTests.engines)
    func theCheckSaysWhatItFoundAndRepairsIt(engine: String) throws {
        // setup
        let (web, visitor) = try spoiled(engine)
        let pages = ["/photos/1", "/photos/2", "/places/none", "/vacations/1/photos", "/vacations/1/photos/1"]
        for page in pages { #expect(visitor.get(page).status == .ok, "before: \(page)") }

        // MUT
        let report = try web.library.check()
        let again = try web.library.check()

        // validate
        #expect(
            report.repairs == [
                "photos, photo 1: its orientation 9 is not one of EXIF's 1 to 8; it is now 1 (upright)",
                "photos, photo 1: its size 0 × -5 is no picture's; it is now 80 × 60, read again from its original",
                """
                photos, photo 1: its date taken “2023-04-31T10:00:00” is not a real date and time; it now has none (sorted by when \
                it was imported)
                """,
                "vacation_photos, vacation 1 photo 1: its date taken “2023-04-31T10:00:00” is not a real date and time; it now has none",
            ])
        #expect(
            report.problems.contains {
                $0.hasPrefix("photos, photo 2: its size \(Int64.max) × 4 is no picture's, and its original cannot be read again")
            })
        #expect(again.repairs.isEmpty)
        let photo = try #require(try web.library.photos.photo(id: 1))
        #expect((photo.orientation, photo.width, photo.height, photo.takenAt) == (1, 80, 60, nil))
        for page in pages { #expect(visitor.get(page).status == .ok, "after: \(page)") }
    }
}
