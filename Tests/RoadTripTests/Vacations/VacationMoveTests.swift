import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

/// A data folder an older RoadTrip left — `library.sqlite` before `007-vacations-in-library`,
/// one document per vacation in `vacations/` — moved into the library at start-up.
@Suite struct VacationMoveTests {
    let data = FreshDataFolder()

    var documents: URL { data.url.appendingPathComponent("vacations") }

    func documentPath(_ id: Int64) -> String { documents.appendingPathComponent("\(id).vacation").path }

    /// The library as it was before vacations moved into it: migrations up to 006, Ann, and
    /// her vacations' rows in the catalogue.
    private func oldLibrary(_ vacations: [(id: Int64, name: String)]) throws {
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let old = try SQLiteDatabase(
            path: data.url.appendingPathComponent("library.sqlite").path, readers: 1,
            migrations: Array(Schema.migrations.prefix { $0.name != "007-vacations-in-library" }))
        try old.write { db in
            try db.execute("INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES (1, 'Ann', 'ann', 'x', 0)")
            for vacation in vacations {
                try db.execute(
                    """
                    INSERT INTO vacations (id, account_id, name, name_key, created_at)
                    VALUES (\(vacation.id), 1, \(vacation.name), \(vacation.name.lowercased()), 100)
                    """)
            }
        }
    }

    static func preview(_ id: Int64) -> [UInt8] { [0xFF, 0xD8, 0xFF, 0xE0, UInt8(id)] }
    static func thumbnail(_ id: Int64) -> [UInt8] { Array("RIFF".utf8) + [0, 0, 0, UInt8(id)] + Array("WEBP".utf8) }

    /// A document as the older RoadTrip wrote it: its schema, a rollback journal, its rows.
    /// Lisbon's photos were numbered 3, 7, 9 (others were removed), its tags 2 and 5; one title
    /// and one tag carry text-direction overrides, as an older RoadTrip let through.
    private func oldDocument(_ id: Int64, name: String, photos: Bool = true) throws {
        let document = try SQLiteDatabase(path: documentPath(id), readers: 1, journal: .rollback)
        try document.write { db in
            try db.executeScript(
                "PRAGMA application_id = \(VacationFormat.applicationID); PRAGMA user_version = 1;" + VacationFormat.tablesOfVersionOne)
            try db.execute("INSERT INTO vacation (id, name, created_at) VALUES (1, \(name), 100)")
            guard photos else { return }
            try db.execute("INSERT INTO places VALUES (2267057, 'Lisbon', NULL, 'Portugal', 38.71667, -9.13333)")
            for (photo, title, place, taken) in [
                (Int64(3), "Alfama", Int64?(2267057), "2024-05-03T10:00:00"),
                (7, "Tram", 2267057, "2024-05-01T10:00:00"), (9, "Sea\u{2067}", nil, "2024-05-02T10:00:00"),
            ] {
                try db.execute(
                    """
                    INSERT INTO photos (id, sha256, title, subtitle, taken_at, sorted_at, latitude, longitude, camera, place_id, \
                    width, height,
                        preview, thumbnail, added_at)
                    VALUES (\(photo), \(String(repeating: String(photo), count: 64)), \(title), NULL, \(taken), \(taken), NULL, \
                    NULL, 'X-T5',
                        \(place), 120, 90, \(Self.preview(photo)), \(Self.thumbnail(photo)), 200)
                    """)
            }
            try db.execute(
                "INSERT INTO tags (id, name, name_key) VALUES (2, 'Trams', 'trams'), (5, 'Night' || char(0x202E), 'night' || char(0x202E))")
            try db.execute("INSERT INTO photo_tags (photo_id, tag_id) VALUES (3, 2), (7, 2), (7, 5)")
        }
    }

    private func inDocument(_ library: Library, _ id: Int64) throws -> Int? {
        try library.database.read { db in try db.fetchValue("SELECT in_document FROM vacations WHERE id = \(id)") }
    }

    @Test func everyDocumentIsMovedKeepingItsIdsAndTheFolderGoes() throws {
        // setup: two documents, one no row names, and what a crashed import of the older RoadTrip left
        try oldLibrary([(3, "Lisbon"), (4, "Porto")])
        try oldDocument(3, name: "Lisbon")
        try oldDocument(4, name: "Porto", photos: false)
        for name in ["99.vacation", "99.vacation-journal", ".incoming-5", ".incoming-5-wal"] {
            try Data("left".utf8).write(to: documents.appendingPathComponent(name))
        }
        let library = try data.library()
        #expect(try inDocument(library, 3) == 1, "the migration marks what an older RoadTrip kept in documents")

        // MUT
        let unmoved = try library.vacations.moveDocumentsIntoLibrary()

        // validate
        #expect(unmoved.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: documents.path), "every document moved, stray ones removed, the folder gone")
        let lisbon = try #require(try library.vacations.vacation(3, of: AccountID(1))).contents
        #expect(try lisbon.photos().map(\.id) == [7, 9, 3])
        #expect(try lisbon.photos().map(\.title) == ["Tram", "Sea", "Alfama"], "overrides removed on the way")
        #expect(try lisbon.preview(photoID: 7) == Self.preview(7))
        #expect(try lisbon.thumbnail(photoID: 9) == Self.thumbnail(9))
        #expect(try lisbon.itinerary().map { [$0.id, Int64($0.photoCount)] } == [[2267057, 2]])
        #expect(try lisbon.tags().map(\.name) == ["Trams", "Night"])
        #expect(try lisbon.tags().map(\.id) == [2, 5])
        #expect(try lisbon.tags(ofPhoto: 7) == ["Night", "Trams"])
        #expect(try library.vacations.all(of: AccountID(1)).map { "\($0.name) \($0.photoCount)" } == ["Lisbon 3", "Porto 0"])
        #expect(try [3, 4].map { try inDocument(library, $0) } == [0, 0])
        // … and it goes on numbering where the document stopped
        let visited = VisitedPhoto(
            sha256: String(repeating: "e", count: 64), title: "Later", subtitle: nil, takenAt: nil, sortedAt: "2024-06-01",
            latitude: nil, longitude: nil, camera: nil, place: nil, width: 1, height: 1,
            preview: Self.preview(10), thumbnail: Self.thumbnail(10), tags: ["Food"])
        try library.vacations.visit(visited, into: 3, for: AccountID(1))
        #expect(try lisbon.photos().last?.id == 10)
        #expect(try lisbon.tags().first { $0.name == "Food" }?.id == 6)
    }

    /// Killed after the commit of the move, before the file was removed: the rows are there and
    /// the mark is cleared, so the next start only removes the file.
    @Test func aDocumentACrashLeftAfterItsMoveIsRemovedAndNotMovedTwice() throws {
        // setup
        try oldLibrary([(3, "Lisbon")])
        try oldDocument(3, name: "Lisbon")
        let saved = try Data(contentsOf: URL(fileURLWithPath: documentPath(3)))
        let library = try data.library()
        try library.vacations.moveDocumentsIntoLibrary()
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try saved.write(to: URL(fileURLWithPath: documentPath(3)))
        try Data("journal".utf8).write(to: URL(fileURLWithPath: documentPath(3) + "-journal"))

        // MUT: the next start
        let unmoved = try data.library().vacations.moveDocumentsIntoLibrary()

        // validate
        #expect(unmoved.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: documents.path))
        #expect(try library.vacations.all(of: AccountID(1)).map(\.photoCount) == [3])
        #expect(try library.database.read { db in try db.fetchValue("SELECT count(*) FROM vacation_photo_tags") as Int? } == 3)
    }

    /// A document a crash cut short in the middle of a change (its journal hot) is opened as
    /// SQLite opens it: the half-made change is rolled back before anything is read.
    @Test func aDocumentWithAHotJournalIsRolledBackBeforeItsRowsAreRead() throws {
        // setup: the files as they were on disk during an unfinished change that spilled to the file
        try oldLibrary([(3, "Lisbon")])
        try oldDocument(3, name: "Lisbon")
        let committed = try Data(contentsOf: URL(fileURLWithPath: documentPath(3)))
        let crashed = data.url.appendingPathComponent("crashed.vacation").path
        do {
            let writer = try SQLiteConnection(path: documentPath(3), journal: .rollback)
            try writer.execute("PRAGMA cache_size = 10")
            try writer.execute("BEGIN IMMEDIATE")
            try writer.execute("DELETE FROM photo_tags")
            try writer.execute("DELETE FROM photos WHERE id = 3")
            try writer.execute("UPDATE photos SET preview = \([UInt8](repeating: 0xFF, count: 4 << 20))")
            for suffix in ["", "-journal"] { try FileManager.default.copyItem(atPath: documentPath(3) + suffix, toPath: crashed + suffix) }
            try writer.execute("ROLLBACK")
        }
        for suffix in ["", "-journal"] {
            try? FileManager.default.removeItem(atPath: documentPath(3) + suffix)
            try FileManager.default.moveItem(atPath: crashed + suffix, toPath: documentPath(3) + suffix)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: documentPath(3))) != committed, "the change reached the file")
        #expect((DurableFile.size(of: documentPath(3) + "-journal") ?? 0) > 0)
        let library = try data.library()

        // MUT
        let unmoved = try library.vacations.moveDocumentsIntoLibrary()

        // validate: the vacation as it was before the change
        #expect(unmoved.isEmpty)
        let lisbon = try #require(try library.vacations.vacation(3, of: AccountID(1))).contents
        #expect(try lisbon.photos().map(\.id) == [7, 9, 3])
        #expect(try lisbon.preview(photoID: 7) == Self.preview(7))
        #expect(try lisbon.tags(ofPhoto: 3) == ["Trams"])
        #expect(!FileManager.default.fileExists(atPath: documents.path), "the document and its journal removed")
    }

    @Test func aDocumentThatCannotBeReadIsSetAsideAndReportedAndTheOthersMove() throws {
        // setup: Lisbon's document damaged, Porto's fine, Faro's gone
        try oldLibrary([(3, "Lisbon"), (4, "Porto"), (5, "Faro")])
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: documentPath(3)))
        try oldDocument(4, name: "Porto")
        let library = try data.library()

        // MUT
        let unmoved = try library.vacations.moveDocumentsIntoLibrary()
        let again = try library.vacations.moveDocumentsIntoLibrary()

        // validate
        #expect(unmoved.map(\.vacationID) == [3, 5])
        #expect(unmoved.map(\.keptAt) == [documentPath(3) + ".unreadable", nil])
        #expect(unmoved[0].description.contains("Lisbon") && unmoved[0].description.contains("3.vacation.unreadable"))
        #expect(unmoved[1].reason == "its document was missing")
        #expect(again.isEmpty, "reported once")
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path) == ["3.vacation.unreadable"], "kept, with the folder")
        #expect(try Data(contentsOf: URL(fileURLWithPath: documentPath(3) + ".unreadable")) == Data("not a database at all".utf8))
        #expect(try library.vacations.all(of: AccountID(1)).map { "\($0.name) \($0.photoCount)" } == ["Faro 0", "Lisbon 0", "Porto 3"])
        #expect(try [3, 4, 5].map { try inDocument(library, $0) } == [0, 0, 0])
    }
}
