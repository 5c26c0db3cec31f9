import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

@Suite struct VacationTransferTests {
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        fixture = try PhotosFixture()
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }
    var folder: URL { fixture.vacationsFolder }

    /// A vacation "Lisbon" with two photos, tagged, exported.
    private func exported() throws -> (id: Int64, file: String) {
        let id = try store.create(named: "Lisbon", for: ann.id)
        for (index, spot) in [(38.7139, -9.1394), Spot.paulista].enumerated() {
            let path = try fixture.draw("p\(index).jpg", width: 120, height: 90, seed: UInt64(index + 1), at: spot)
            let photo = try #require(fixture.importPhoto(path).photo)
            try fixture.library.photoTags.add("Tag \(index)", to: photo.id, for: ann.id)
            try store.visit(photo, into: id, for: ann.id, library: fixture.library)
        }
        return (id, try store.export(id, for: ann.id))
    }

    func vacationFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
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
        let original = try #require(try store.vacation(id, of: ann.id)).document
        let copy = try #require(try store.vacation(imported.id, of: ann.id)).document
        #expect(try copy.photos().map(\.sha256) == original.photos().map(\.sha256))
        #expect(try copy.itinerary().map(\.name) == original.itinerary().map(\.name))
        #expect(try copy.tags().map(\.name) == original.tags().map(\.name))
        #expect(try vacationFiles() == ["\(id).vacation", "\(imported.id).vacation", "\(again.id).vacation"].sorted())
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

    /// Each kind of foreign or damaged file, made from a real export or from scratch.
    @Test(arguments: ["text", "other-database", "damaged", "extra-table", "trigger", "newer-version", "empty", "html-preview", "huge-size"])
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
        case "extra-table", "trigger", "newer-version", "html-preview", "huge-size":
            try FileManager.default.copyItem(atPath: file, toPath: bad)
            let edited = try SQLiteDatabase(path: bad, readers: 1, journal: .rollback)
            try edited.write { db in
                switch kind {
                case "extra-table": try db.execute("CREATE TABLE secrets (x)")
                case "trigger": try db.execute("CREATE TRIGGER t AFTER INSERT ON photos BEGIN DELETE FROM tags; END")
                case "html-preview": try db.execute("UPDATE photos SET preview = CAST('<script>alert(1)</script>' AS BLOB)")
                case "huge-size": try db.execute("UPDATE photos SET width = 1000000000")
                default: try db.execute("PRAGMA user_version = 2")
                }
            }
        default: Issue.record("unknown kind")
        }
        let before = try vacationFiles()

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
        #expect(try vacationFiles() == before, "\(kind): nothing left behind")
    }
}
