import Foundation
import RoadTrip
import SQLDatabase
import SQLite

extension FuzzTarget {
    /// Vacation documents (SQLite files) imported into a library, and the imported vacation read
    /// back as its pages read it. Seeded with documents RoadTrip exported: a fuzzer mutates their
    /// bytes, so most mutations break the file, and the rest change what its rows hold.
    static let vacationDocument = FuzzTarget(name: "vacation-document", seeds: VacationInput.seeds) { bytes in
        VacationInput.importAndRead(Scratch.file("incoming.vacation", bytes))
    }

    /// Vacation documents edited row by row, so that the file stays whole and only what its rows
    /// hold is hostile: each edit (`VacationEdit`) writes one value of any of SQLite's types
    /// (1e300, NaN, -1, long text, a blob…) into one column of one row of an exported document.
    static let vacationRows = FuzzTarget(name: "vacation-rows", seeds: VacationEdit.seeds) { bytes in
        let path = Scratch.file("edited.vacation", VacationInput.template)
        do {
            let document = try SQLiteConnection(path: path, journal: .rollback)
            var input = bytes[...]
            while let edit = VacationEdit(reading: &input) { try? document.execute(edit.sql) }
        } catch {
            fatalError("cannot edit the template document: \(error)")
        }
        VacationInput.importAndRead(path)
    }
}

enum VacationInput {
    /// Imports the document at `path`; once imported, the vacation is read as its pages read it,
    /// and removed.
    static func importAndRead(_ path: String) {
        let fixture = FuzzLibrary.shared
        let store = fixture.library.vacations
        guard let imported = try? store.importDocument(at: path, for: fixture.account) else { return }
        do {
            guard let (_, contents) = try store.vacation(imported.id, of: fixture.account) else {
                fatalError("the imported vacation is gone")
            }
            try checkStoredPositions(of: imported.id, in: fixture.library.database)
            for place in try contents.itinerary() { _ = try contents.photos(.place(place.id)) }
            for tag in try contents.tags() { _ = try contents.photos(.tag(tag.id)) }
            for photo in try contents.photos() {
                _ = try contents.photo(id: photo.id)
                _ = try contents.thumbnail(photoID: photo.id)
            }
            _ = try contents.summary(name: imported.name)
            try store.delete(imported.id, for: fixture.account)
        } catch {
            fatalError("an imported vacation could not be read: \(error)")
        }
    }

    /// The exported document the row edits start from.
    static let template: [UInt8] = {
        do {
            return try seeds()[0].bytes
        } catch {
            fatalError("cannot export the template vacation: \(error)")
        }
    }()

    /// What the issue asks of every position that enters: finite, and on the globe. Read from
    /// the rows as stored, not through the models, which leave an impossible position out.
    static func checkStoredPositions(of vacation: Int64, in database: Database) throws {
        let rows = try database.read { db in
            try db.fetchAll(
                """
                SELECT 'place' AS kind, id, latitude, longitude FROM vacation_places WHERE vacation_id = \(vacation)
                UNION ALL
                SELECT 'photo', id, latitude, longitude FROM vacation_photos WHERE vacation_id = \(vacation) AND latitude IS NOT NULL
                """
            ) { row in (try row["kind"] as String, try row["id"] as Int64, try row["latitude"] as Double?, try row["longitude"] as Double?)
            }
        }
        for (kind, id, latitude, longitude) in rows {
            precondition(
                Coordinate(latitude: latitude, longitude: longitude) != nil,
                "\(kind) \(id) was stored at \(String(describing: latitude)), \(String(describing: longitude))")
        }
    }

    /// An exported vacation of the fuzz library's photos, tagged, and an empty one.
    static func seeds() throws -> [FuzzTarget.Seed] {
        let fixture = FuzzLibrary.shared
        let store = fixture.library.vacations
        let full = try store.create(named: "Lisbon \u{2192} Auckland", for: fixture.account)
        for photo in fixture.photos.prefix(3) {
            _ = try store.visit(photo, into: full, for: fixture.account, library: fixture.library)
        }
        let empty = try store.create(named: "Nothing yet", for: fixture.account)
        let seeds = try [("photos", full), ("empty", empty)].map { name, id in
            FuzzTarget.Seed(name, Array(try Data(contentsOf: URL(fileURLWithPath: store.export(id, for: fixture.account)))))
        }
        try store.delete(full, for: fixture.account)
        try store.delete(empty, for: fixture.account)
        return seeds
    }
}
