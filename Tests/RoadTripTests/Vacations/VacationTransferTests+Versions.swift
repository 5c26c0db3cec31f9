import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

/// Documents of an older format version: brought up to date by the format's migrations.
extension VacationTransferTests {
    /// The version documents are written in today (2: photos say whether their title is the file's name).
    var today: Int { VacationFormat.migrations.count }

    /// The same library's vacations with a later format: the next version gives photos a rating.
    var storeOfNextVersion: VacationStore {
        VacationStore(
            database: fixture.library.database, dataFolder: fixture.library.folder, exports: fixture.library.exports,
            figures: fixture.library.vacationFigures, clock: .system,
            documentMigrations: VacationFormat.migrations + [
                Migration("\(today + 1)-ratings", "ALTER TABLE photos ADD COLUMN rating INTEGER")
            ]
        )
    }

    func formatVersion(of file: String) throws -> Int? {
        try SQLiteDatabase(path: file, readers: 1, journal: .rollback).read { db in try db.fetchValue("PRAGMA user_version") }
    }

    @Test func todaysDocumentImportsIntoALaterRoadTrip() throws {
        // setup
        let (id, file) = try exported()
        let original = try Data(contentsOf: URL(fileURLWithPath: file))

        // MUT
        let imported = try storeOfNextVersion.importDocument(at: file, for: ann.id)

        // validate
        #expect(imported.name == "Lisbon (2)")
        let before = try #require(try store.vacation(id, of: ann.id)).contents
        let after = try #require(try store.vacation(imported.id, of: ann.id)).contents
        #expect(try after.photos().map(\.sha256) == before.photos().map(\.sha256))
        #expect(try after.tags().map(\.name) == before.tags().map(\.name))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original, "only the private copy was upgraded")
        #expect(filesLeftByImports().isEmpty)
    }

    @Test func aLaterVersionExportsAsItselfAndAnEarlierRoadTripRefusesIt() throws {
        // setup
        let (_, file) = try exported()
        let later = try storeOfNextVersion.importDocument(at: file, for: ann.id)

        // MUT
        let laterFile = try storeOfNextVersion.export(later.id, for: ann.id)
        let refusal = #expect(throws: VacationError.self) { try store.importDocument(at: laterFile, for: ann.id) }

        // validate
        #expect(try formatVersion(of: file) == today)
        #expect(try formatVersion(of: laterFile) == today + 1)
        #expect(
            refusal?.description
                == """
                This file is not a RoadTrip vacation: it is of format version \(today + 1); this RoadTrip reads versions 1 to \
                \(today). Nothing was imported.
                """
        )
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon", "Lisbon (2)"])
        #expect(try storeOfNextVersion.importDocument(at: laterFile, for: ann.id).name == "Lisbon (2) (2)", "its own version imports")
    }

    @Test func aVersionOneDocumentImportsWithTheTitlesTheLibraryKnowsAsFileNames() throws {
        // setup: today's export made a version 1 document, as RoadTrip wrote before titles were marked
        let (id, file) = try exported()
        let old = try SQLiteDatabase(path: file, readers: 1, journal: .rollback)
        try old.write { db in
            try db.execute("ALTER TABLE photos DROP COLUMN title_from_file")
            try db.execute("PRAGMA user_version = 1")
        }

        // MUT
        let imported = try store.importDocument(at: file, for: ann.id)

        // validate: the titles are the library's photos' (their files' names), marked so
        let before = try #require(try store.vacation(id, of: ann.id)).contents.photos()
        let after = try #require(try store.vacation(imported.id, of: ann.id)).contents.photos()
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map(\.titleFromFile) == [true, true] && before.map(\.titleFromFile) == [true, true])
        #expect(filesLeftByImports().isEmpty)
    }
}
