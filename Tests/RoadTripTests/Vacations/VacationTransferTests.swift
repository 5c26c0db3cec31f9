import Foundation
import SQLDatabase
import SQLite
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct VacationTransferTests {
    let engine: DatabaseEngine
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        engine = try .current
        fixture = try PhotosFixture(engine: engine)
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }

    /// A vacation "Lisbon" with two photos, tagged, exported.
    func exported() throws -> (id: Int64, file: String) {
        let id = try store.create(named: "Lisbon", for: ann.id)
        for (index, spot) in [(38.7139, -9.1394), Spot.paulista].enumerated() {
            let path = try fixture.draw("p\(index).jpg", width: 120, height: 90, seed: UInt64(index + 1), at: spot)
            let photo = try #require(fixture.importPhoto(path).photo)
            try fixture.library.photoTags.add("Tag \(index)", to: photo.id, for: ann.id)
            try store.visit(photo, into: id, for: ann.id, library: fixture.library)
        }
        return (id, try store.export(id, for: ann.id))
    }

    /// What an import left in the data folder: nothing once it is done — no private copy, no
    /// template, no journal or WAL beside them, no document.
    func filesLeftByImports() -> [String] {
        fixture.files(under: "cache/imports") + fixture.files(under: "vacations")
    }

    /// Every row of the vacation's tables, all vacations together: what a refused import must not change.
    func vacationRows() throws -> [Int] {
        try ["vacations", "vacation_photos", "vacation_places", "vacation_tags", "vacation_photo_tags"].map { try fixture.rows(in: $0) }
    }

    @Test func anExportedVacationImportsAsANewOneRenamedWhenTheNameIsTaken() throws {
        // setup
        let (id, file) = try exported()

        // MUT
        let imported = try store.importDocument(at: file, for: ann.id)
        let again = try store.importDocument(at: file, for: ann.id)

        // validate
        #expect(imported.name == "Lisbon (2)")
        #expect(again.name == "Lisbon (3)")
        let original = try #require(try store.vacation(id, of: ann.id)).contents
        let copy = try #require(try store.vacation(imported.id, of: ann.id)).contents
        #expect(try copy.photos().map(\.sha256) == original.photos().map(\.sha256))
        #expect(try copy.itinerary().map(\.name) == original.itinerary().map(\.name))
        #expect(try copy.tags().map(\.name) == original.tags().map(\.name))
        #expect(try store.all(of: ann.id).map(\.photoCount) == [2, 2, 2])
        #expect(filesLeftByImports().isEmpty, "the private copies are gone, and nothing else was written")
    }

    @Test func anExportIsOneFileThatStandsOnItsOwn() throws {
        // setup
        let (_, file) = try exported()

        // MUT: what another RoadTrip would find in it
        let database = try SQLiteDatabase(path: file, readers: 1, journal: .rollback)

        // validate
        let name: String? = try database.read { db in try db.fetchValue("SELECT name FROM vacation") }
        let photos: Int? = try database.read { db in try db.fetchValue("SELECT count(*) FROM photos WHERE length(preview) > 0") }
        #expect(name == "Lisbon")
        #expect(photos == 2)
        #expect(!FileManager.default.fileExists(atPath: file + "-journal"))
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    /// The export is built from the rows, not copied from a file: it is a valid document holding
    /// exactly the vacation's rows, another library imports it as the same vacation, and a
    /// HEAD's size is the bytes a GET sends.
    @Test func anExportHoldsExactlyTheVacationsRowsAndImportsElsewhereAsTheSameVacation() throws {
        // setup
        let (id, file) = try exported()
        let elsewhere = try PhotosFixture(engine: engine)
        let bob = try elsewhere.account("Bob")

        // MUT
        let imported = try elsewhere.vacations.importDocument(at: file, for: bob.id)

        // validate: the document's tables are the vacation's rows, value for value
        let document = try SQLiteDatabase(path: file, readers: 1, journal: .rollback)
        let integrity: [String] = try document.read { db in try db.fetchAll("PRAGMA integrity_check") { try $0[0] as String } }
        #expect(integrity == ["ok"])
        for (table, columns) in [
            ("photos", VacationRows.Photo.columns), ("places", VacationRows.Place.columns),
            ("tags", "id, name, name_key"), ("photo_tags", "photo_id, tag_id"),
        ] {
            let order = table == "photo_tags" ? "photo_id, tag_id" : "id"
            let inDocument = try document.read { db in
                try Self.values(db.fetchAll("SELECT \(raw: columns) FROM \(raw: table) ORDER BY \(raw: order)"))
            }
            let inLibrary = try fixture.library.database.read { db in
                try Self.values(
                    db.fetchAll("SELECT \(raw: columns) FROM vacation_\(raw: table) WHERE vacation_id = \(id) ORDER BY \(raw: order)"))
            }
            #expect(inDocument == inLibrary, "\(table)")
            #expect(!inDocument.isEmpty, "\(table)")
        }
        let vacation: [[SQLValue]] = try document.read { db in try Self.values(db.fetchAll("SELECT name, created_at FROM vacation")) }
        #expect(vacation == [[.text("Lisbon"), .integer(fixture.clock.seconds)]])
        // … the same vacation in the other library, down to its ids and its own images
        let original = try #require(try store.vacation(id, of: ann.id)).contents
        let copy = try #require(try elsewhere.vacations.vacation(imported.id, of: bob.id)).contents
        #expect(imported.name == "Lisbon")
        #expect(try copy.photos() == original.photos())
        #expect(try copy.itinerary() == original.itinerary())
        #expect(try copy.tags() == original.tags())
        for photo in try original.photos() {
            #expect(try copy.preview(photoID: photo.id) == original.preview(photoID: photo.id))
            #expect(try copy.thumbnail(photoID: photo.id) == original.thumbnail(photoID: photo.id))
            #expect(try copy.tags(ofPhoto: photo.id) == original.tags(ofPhoto: photo.id))
        }
        // … and a HEAD's size is the GET's
        #expect(try store.exportHead(id, for: ann.id) == VacationExportHead(name: "Lisbon", size: UInt64(DurableFile.size(of: file) ?? -1)))
    }

    static func values(_ rows: [Row]) throws -> [[SQLValue]] {
        try rows.map { row in try row.columnNames.indices.map { try row[$0] as SQLValue } }
    }

    /// Each kind of foreign or damaged file, made from a real export or from scratch.
    @Test(arguments: [
        "text", "other-database", "damaged", "extra-table", "trigger", "newer-version", "empty", "html-preview",
        "huge-size", "blob-title", "huge-id",
    ])
    func aForeignOrDamagedFileIsRefusedWithAReasonAndNothingChanges(kind: String) throws {
        // setup
        let (_, file) = try exported()
        let bad = fixture.source.appendingPathComponent("bad-\(kind).vacation").path
        switch kind {
        case "text":
            try Data("Lisbon, 2 photos".utf8).write(to: URL(fileURLWithPath: bad))
        case "empty":
            try Data().write(to: URL(fileURLWithPath: bad))
        case "other-database":
            let other = try SQLiteDatabase(path: bad, readers: 1, journal: .rollback)
            try other.write { db in try db.execute("CREATE TABLE notes (text TEXT)") }
        case "damaged":
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            for index in stride(from: 4096, to: min(bytes.count, 4096 * 3), by: 7) { bytes[index] ^= 0x5A }
            try Data(bytes).write(to: URL(fileURLWithPath: bad))
        case "extra-table", "trigger", "newer-version", "html-preview", "huge-size", "blob-title", "huge-id":
            try FileManager.default.copyItem(atPath: file, toPath: bad)
            let edited = try SQLiteDatabase(path: bad, readers: 1, journal: .rollback)
            try edited.write { db in
                switch kind {
                case "extra-table": try db.execute("CREATE TABLE secrets (x)")
                case "trigger": try db.execute("CREATE TRIGGER t AFTER INSERT ON photos BEGIN DELETE FROM tags; END")
                case "html-preview": try db.execute("UPDATE photos SET preview = CAST('<script>alert(1)</script>' AS BLOB)")
                case "huge-size": try db.execute("UPDATE photos SET width = 1000000000")
                case "blob-title": try db.execute("UPDATE photos SET title = x'00'")
                case "huge-id": try db.execute("INSERT INTO tags (id, name, name_key) VALUES (3000000000, 'Later', 'later')")
                default: try db.execute("PRAGMA user_version = \(raw: String(VacationFormat.migrations.count + 1))")
                }
            }
        default: Issue.record("unknown kind")
        }
        let before = try vacationRows()

        // MUT
        let refusal: VacationError? = try {
            do { try store.importDocument(at: bad, for: ann.id); return nil } catch let error as VacationError { return error }
        }()

        // validate
        guard case .notADocument(let reason) = refusal else { Issue.record("\(kind): not refused: \(String(describing: refusal))"); return }
        #expect(!reason.isEmpty)
        #expect(refusal?.description.hasPrefix("This file is not a RoadTrip vacation:") == true)
        #expect(refusal?.description.hasSuffix("Nothing was imported.") == true)
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon"])
        #expect(try vacationRows() == before, "\(kind): no row kept")
        #expect(filesLeftByImports().isEmpty, "\(kind): nothing left behind")
    }
}
