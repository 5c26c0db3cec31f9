import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

/// A document someone switched to WAL (with the sqlite3 shell, another program) before sending
/// it: importing it, kept or refused, leaves no file behind (no `-wal`, no `-shm`).
extension VacationTransferTests {

    /// An export of a vacation with one photo, switched to WAL with `edit` applied in it.
    private func walDocument(_ edit: String? = nil) throws -> String {
        let id = try store.create(named: "Lisbon", for: ann.id)
        let photo = try #require(fixture.importPhoto(try fixture.draw("a.jpg", width: 120, height: 90, at: (38.7139, -9.1394))).photo)
        try store.visit(photo, into: id, for: ann.id, library: fixture.library)
        let file = fixture.source.appendingPathComponent("wal.vacation").path
        try FileManager.default.copyItem(atPath: try store.export(id, for: ann.id), toPath: file)
        do {
            let database = try SQLiteDatabase(path: file, readers: 1, journal: .wal)
            if let edit { try database.write { db in try db.execute(SQL(stringLiteral: edit)) } }
        }
        // Closing the last connection checkpointed the log into the file; the file still says WAL.
        #expect(Self.formatVersions(of: file) == [2, 2])
        for suffix in ["-wal", "-shm"] { unlink(file + suffix) }
        return file
    }

    /// Bytes 18 and 19 of the header: 1 for a rollback journal, 2 for WAL.
    static func formatVersions(of path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 20 else { return [] }
        return [data[18], data[19]]
    }

    @Test func aWALDocumentImportsAndLeavesNoSideFiles() throws {
        // setup
        let file = try walDocument()

        // MUT
        let imported = try store.importDocument(at: file, for: ann.id)

        // validate
        let contents = try #require(try store.vacation(imported.id, of: ann.id)).contents
        #expect(try contents.photos().count == 1)
        #expect(filesLeftByImports().isEmpty)
        #expect(Self.formatVersions(of: file) == [2, 2], "the file given is not changed")
        #expect(!FileManager.default.fileExists(atPath: file + "-wal") && !FileManager.default.fileExists(atPath: file + "-shm"))
    }

    @Test(arguments: ["PRAGMA user_version = 7", "CREATE TABLE extra (x)", "UPDATE photos SET width = 0"])
    func aRefusedWALDocumentLeavesNoSideFiles(edit: String) throws {
        // setup
        let file = try walDocument(edit)
        let before = try vacationRows()

        // MUT
        #expect(throws: VacationError.self) { try store.importDocument(at: file, for: ann.id) }

        // validate
        #expect(try vacationRows() == before)
        #expect(filesLeftByImports().isEmpty)
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon"])
    }
}
