import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

/// Documents of an older format version: brought up to date by the format's migrations.
extension VacationTransferTests {
    /// The same library's vacations with a later format: version 2 gives photos a rating.
    var storeOfVersionTwo: VacationStore {
        VacationStore(
            database: fixture.library.database, dataFolder: fixture.library.folder, exports: fixture.library.exports, clock: .system,
            documentMigrations: VacationFormat.migrations + [Migration("2-ratings", "ALTER TABLE photos ADD COLUMN rating INTEGER")]
        )
    }

    func formatVersion(of file: String) throws -> Int? {
        try SQLiteDatabase(path: file, readers: 1, journal: .rollback).read { db in try db.fetchValue("PRAGMA user_version") }
    }

    @Test func aVersionOneDocumentImportsOnceAVersionTwoExists() throws {
        // setup
        let (id, file) = try exported()
        let original = try Data(contentsOf: URL(fileURLWithPath: file))

        // MUT
        let imported = try storeOfVersionTwo.importDocument(at: file, for: ann.id)

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
        let later = try storeOfVersionTwo.importDocument(at: file, for: ann.id)

        // MUT
        let laterFile = try storeOfVersionTwo.export(later.id, for: ann.id)
        let refusal = #expect(throws: VacationError.self) { try store.importDocument(at: laterFile, for: ann.id) }

        // validate
        #expect(try formatVersion(of: file) == 1)
        #expect(try formatVersion(of: laterFile) == 2)
        #expect(refusal?.description == "This file is not a RoadTrip vacation: it is of format version 2; this RoadTrip reads version 1. Nothing was imported.")
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon", "Lisbon (2)"])
        #expect(try storeOfVersionTwo.importDocument(at: laterFile, for: ann.id).name == "Lisbon (2) (2)", "its own version imports")
    }
}
