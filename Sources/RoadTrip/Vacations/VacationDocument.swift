import Foundation
import SQLDatabase
import SQLite

/// One vacation's document, open. Every change is one transaction of the document's own
/// database, with a rollback journal and synchronous FULL: a process killed mid-change
/// leaves the document as it was before the change or after it.
public final class VacationDocument: Sendable {
    let database: SQLiteDatabase

    /// Opens an existing document (checked to be one of ours, of this version).
    init(path: String) throws {
        database = try SQLiteDatabase(path: path, readers: 1, journal: .rollback)
        let (application, version): (Int32, Int) = try database.read { db in
            (try db.fetchValue("PRAGMA application_id") ?? 0, try db.fetchValue("PRAGMA user_version") ?? 0)
        }
        guard application == VacationFormat.applicationID, version == VacationFormat.version else {
            throw VacationError.notADocument("it is not a vacation document of this version")
        }
    }

    /// Creates a new, empty document at `path` (which must not exist yet).
    static func create(at path: String, name: String, createdAt: Int64) throws -> VacationDocument {
        guard !FileManager.default.fileExists(atPath: path) else { throw FileError("already exists:", path, errno: EEXIST) }
        do {
            let database = try SQLiteDatabase(path: path, readers: 1, journal: .rollback)
            try database.write { db in
                try db.executeScript(VacationFormat.schema)
                try db.execute("INSERT INTO vacation (id, name, created_at) VALUES (1, \(name), \(createdAt))")
            }
        } catch {
            unlink(path)
            throw error
        }
        return try VacationDocument(path: path)
    }

    public func summary(id: Int64, name: String) throws -> Vacation {
        try database.read { db in
            let row = try db.fetchOne("SELECT count(*) AS n, min(taken_at) AS first, max(taken_at) AS last FROM photos")
            return Vacation(id: id, name: name, photoCount: try row?["n"] ?? 0, firstDate: try row?["first"], lastDate: try row?["last"])
        }
    }

    public func contains(sha256: String) throws -> Bool {
        try database.read { db in try db.fetchValue("SELECT 1 FROM photos WHERE sha256 = \(sha256)") as Int? != nil }
    }

    /// The places in the order first visited: the earliest photo date there.
    public func itinerary() throws -> [VacationPlace] {
        try database.read { db in
            try db.fetchAll("""
                SELECT places.id, places.name, places.region, places.country, count(*) AS photo_count, min(photos.sorted_at) AS first
                FROM places JOIN photos ON photos.place_id = places.id
                GROUP BY places.id ORDER BY first, places.id
                """) { row in
                VacationPlace(id: try row["id"], name: try row["name"], region: try row["region"], country: try row["country"],
                              photoCount: try row["photo_count"], firstVisited: try row["first"])
            }
        }
    }

    /// The tags, most used first; only those whose name contains `filter` (case ignored) when given.
    public func tags(matching filter: String = "") throws -> [VacationTag] {
        let key = VacationDocument.tagKey(filter)
        return try database.read { db in
            try db.fetchAll("""
                SELECT tags.id, tags.name, count(*) AS photo_count FROM tags JOIN photo_tags ON photo_tags.tag_id = tags.id
                WHERE \(key) = '' OR instr(tags.name_key, \(key)) > 0
                GROUP BY tags.id ORDER BY photo_count DESC, tags.name_key
                """) { row in
                VacationTag(id: try row["id"], name: try row["name"], photoCount: try row["photo_count"])
            }
        }
    }

    /// Photos in date order (the order they were taken; undated ones by when they were added).
    public func photos(_ filter: VacationPhotoFilter = .all) throws -> [VacationPhoto] {
        let condition: SQL = switch filter {
        case .all: "1"
        case .place(let id): "place_id = \(id)"
        case .tag(let id): "id IN (SELECT photo_id FROM photo_tags WHERE tag_id = \(id))"
        }
        return try database.read { db in
            try db.fetchAll("SELECT \(raw: VacationPhoto.columns) FROM photos WHERE \(sql: condition) ORDER BY sorted_at, id", VacationPhoto.init)
        }
    }

    public func photo(id: Int64) throws -> VacationPhoto? {
        try database.read { db in try db.fetchOne("SELECT \(raw: VacationPhoto.columns) FROM photos WHERE id = \(id)").map(VacationPhoto.init) }
    }

    public func place(id: Int64) throws -> VacationPlace? {
        try itinerary().first { $0.id == id }
    }

    public func tag(id: Int64) throws -> VacationTag? {
        try tags().first { $0.id == id }
    }

    /// The photo's own preview (a JPEG), kept in the document.
    public func preview(photoID: Int64) throws -> [UInt8]? {
        try database.read { db in try db.fetchValue("SELECT preview FROM photos WHERE id = \(photoID)") }
    }

    /// The photo's own grid thumbnail (a WebP), kept in the document.
    public func thumbnail(photoID: Int64) throws -> [UInt8]? {
        try database.read { db in try db.fetchValue("SELECT thumbnail FROM photos WHERE id = \(photoID)") }
    }

    /// The tags of one photo of the vacation, by name.
    public func tags(ofPhoto photoID: Int64) throws -> [String] {
        try database.read { db in
            try db.fetchAll("""
                SELECT tags.name FROM tags JOIN photo_tags ON photo_tags.tag_id = tags.id WHERE photo_tags.photo_id = \(photoID) ORDER BY tags.name_key
                """) { try $0["name"] as String }
        }
    }

    static func tagKey(_ name: String) -> String {
        Credentials.nameKey(name)
    }
}
