import Foundation
import SQLDatabase
import SQLite

/// A new vacation document (`VacationFormat`) made from the library's rows: what an export
/// sends, to be imported by another RoadTrip as `VacationDocumentReader` reads it.
enum VacationDocumentWriter {
    /// Creates an empty document at `path` (which must not exist): the format's tables after
    /// `migrations` (all of them, but for a template of an older version), with a rollback
    /// journal, so that between writes the document is one self-contained file.
    static func create(at path: String, migrations: [Migration]) throws -> SQLiteConnection {
        guard !FileManager.default.fileExists(atPath: path) else { throw FileError("already exists:", path, errno: EEXIST) }
        let document = try SQLiteConnection(path: path, journal: .rollback)
        try document.executeScript("PRAGMA application_id = \(VacationFormat.applicationID)")
        try Migrator(migrations: migrations, record: .userVersion).migrate(document)
        return document
    }

    /// Writes the vacation as `library` sees it — one read transaction, so one version of it —
    /// into a new document at `path`, in one transaction, and makes the file durable. The
    /// name and version the document holds.
    static func write(_ id: Int64, from library: Connection, to path: String, migrations: [Migration]) throws -> (
        name: String, version: Int64
    ) {
        guard let vacation = try library.fetchOne("SELECT name, created_at, version FROM vacations WHERE id = \(id)") else {
            throw VacationError.noSuchVacation
        }
        let (name, version): (String, Int64) = (try vacation["name"], try vacation["version"])
        do {
            let document = try create(at: path, migrations: migrations)
            try document.transaction {
                try document.execute(
                    "INSERT INTO vacation (id, name, created_at) VALUES (1, \(name), \(try vacation["created_at"] as Int64))")
                try copyRows(of: id, from: library, to: document)
            }
        }
        // The connection is closed: its commit was synced (synchronous FULL); this says so for
        // every byte of the file before it is renamed into place.
        try DurableFile.sync(path)
        return (name, version)
    }

    private static func copyRows(of id: Int64, from library: Connection, to document: Connection) throws {
        let places = try library.fetchAll(
            """
            SELECT \(raw: VacationRows.Place.columns) FROM vacation_places WHERE vacation_id = \(id) ORDER BY id
            """, VacationRows.Place.init)
        for place in places {
            try document.execute(
                """
                INSERT INTO places (\(raw: VacationRows.Place.columns))
                VALUES (\(place.id), \(place.name), \(place.region), \(place.country), \(place.latitude), \(place.longitude))
                """)
        }
        let sizes = try library.fetchAll(
            """
            SELECT id, length(preview) + length(thumbnail) AS bytes FROM vacation_photos WHERE vacation_id = \(id) ORDER BY id
            """
        ) { (id: try $0["id"] as Int64, bytes: try $0["bytes"] as Int) }
        for batch in VacationRows.batches(sizes) {
            let photos = try library.fetchAll(
                """
                SELECT \(raw: VacationRows.Photo.columns) FROM vacation_photos
                WHERE vacation_id = \(id) AND id BETWEEN \(batch.lowerBound) AND \(batch.upperBound) ORDER BY id
                """, VacationRows.Photo.init)
            for photo in photos {
                try document.execute("INSERT INTO photos (\(raw: VacationRows.Photo.columns)) VALUES (\(sql: photo.values))")
            }
        }
        let tags = try library.fetchAll("SELECT id, name, name_key FROM vacation_tags WHERE vacation_id = \(id) ORDER BY id") {
            VacationRows.Tag(id: try $0["id"], name: try $0["name"], key: try $0["name_key"])
        }
        for tag in tags {
            try document.execute("INSERT INTO tags (id, name, name_key) VALUES (\(tag.id), \(tag.name), \(tag.key))")
        }
        let photoTags = try library.fetchAll(
            """
            SELECT photo_id, tag_id FROM vacation_photo_tags WHERE vacation_id = \(id) ORDER BY photo_id, tag_id
            """
        ) { (photo: try $0["photo_id"] as Int64, tag: try $0["tag_id"] as Int64) }
        for pair in photoTags {
            try document.execute("INSERT INTO photo_tags (photo_id, tag_id) VALUES (\(pair.photo), \(pair.tag))")
        }
    }
}
