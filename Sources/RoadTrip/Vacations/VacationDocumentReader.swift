import SQLDatabase
import SQLite

/// A vacation document (`VacationFormat`) read into the library's tables: the rows of a file
/// being imported (once `VacationInspection` has passed it), and the documents an older
/// RoadTrip kept in `vacations/` when they are moved.
///
/// Ids are kept — photo and tag ids are the vacation's own, so its addresses stay what they
/// were — and text is cleaned on the way: text-direction overrides removed from what the
/// vacation shows, tags cleaned as a person's are. Removed rather than refused: an older
/// RoadTrip accepted them in names and tags, and the characters are invisible, so removing
/// them loses nothing a person sees — refusing would lose a whole vacation over them.
struct VacationDocumentReader {
    /// The document, not the library, is at fault: it cannot be opened or read, or its rows
    /// break a rule of the library's tables.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    private let document: SQLiteConnection

    /// Opens the document at `path`, which must exist, and brings an older version up to date
    /// with the format's `migrations` (so it is changed: an import's private copy, or a document
    /// of an older RoadTrip about to be moved). Opened read-write, SQLite also first rolls back
    /// a change a crash cut short (a hot journal), as every open of a document always did.
    init(path: String, migrations: [Migration]) throws(Unreadable) {
        do {
            document = try SQLiteConnection(path: path, journal: .rollback)
            let application: Int32 = try document.fetchValue("PRAGMA application_id") ?? 0
            guard application == VacationFormat.applicationID else {
                throw Unreadable(description: "it is not a vacation document")
            }
            try Migrator(migrations: migrations, record: .userVersion).migrate(document)
            let version: Int = try document.fetchValue("PRAGMA user_version") ?? 0
            guard version == migrations.count else {
                throw Unreadable(description: "it is not a vacation document of a version this RoadTrip reads")
            }
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(description: "it cannot be opened (\(error))")
        }
    }

    /// Copies the document's places, photos, tags and photos' tags into the library under
    /// `vacationID`, on `library`'s write transaction. Photos go a batch at a time, so memory
    /// holds a bounded part of them.
    func copyRows(into vacationID: Int64, in library: Connection) throws {
        let places = try read {
            try document.fetchAll("SELECT \(raw: VacationRows.Place.columns) FROM places ORDER BY id", VacationRows.Place.init)
        }
        for place in places.map(\.cleaned) {
            try insert(
                into: library,
                """
                INSERT INTO vacation_places (vacation_id, \(raw: VacationRows.Place.columns))
                VALUES (\(vacationID), \(place.id), \(place.name), \(place.region), \(place.country), \(place.latitude), \(place.longitude))
                """)
        }
        let sizes = try read {
            try document.fetchAll("SELECT id, length(preview) + length(thumbnail) AS bytes FROM photos ORDER BY id") {
                (id: try $0["id"] as Int64, bytes: try $0["bytes"] as Int)
            }
        }
        for batch in VacationRows.batches(sizes) {
            let photos = try read {
                try document.fetchAll(
                    """
                    SELECT \(raw: VacationRows.Photo.columns) FROM photos WHERE id BETWEEN \(batch.lowerBound) AND \
                    \(batch.upperBound) ORDER BY id
                    """, VacationRows.Photo.init)
            }
            for photo in photos.map(\.cleaned) {
                try insert(
                    into: library,
                    """
                    INSERT INTO vacation_photos (vacation_id, \(raw: VacationRows.Photo.columns)) VALUES (\(vacationID), \
                    \(sql: photo.values))
                    """)
            }
        }
        // A document written before the format said which titles are file names: those that are
        // the library's own photo's title (an import's, its file's name) are taken as such.
        try library.execute(
            """
            UPDATE vacation_photos SET title_from_file = 1 WHERE vacation_id = \(vacationID) AND title <> '' AND EXISTS (
                SELECT 1 FROM photos WHERE photos.sha256 = vacation_photos.sha256 AND photos.title = vacation_photos.title)
            """)
        let tags = try copyTags(into: vacationID, in: library)
        let photoTags = try read {
            try document.fetchAll("SELECT photo_id, tag_id FROM photo_tags ORDER BY photo_id, tag_id") {
                (photo: try $0["photo_id"] as Int64, tag: try $0["tag_id"] as Int64)
            }
        }
        for pair in photoTags {
            guard let tag = tags[pair.tag] else { continue }
            try insert(
                into: library,
                """
                INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) VALUES (\(vacationID), \(pair.photo), \(tag))
                ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Tags cleaned as a person's are (`VacationTags.clean`): those already clean first, keeping
    /// their ids and names; then the others, cleaned, each merged into the tag of its new name
    /// when there is one (its photos go with it), dropped when nothing is left of it. The
    /// document's tag ids, mapped to the library's.
    private func copyTags(into vacationID: Int64, in library: Connection) throws -> [Int64: Int64] {
        let tags = try read {
            try document.fetchAll("SELECT id, name, name_key FROM tags ORDER BY id") {
                VacationRows.Tag(id: try $0["id"], name: try $0["name"], key: try $0["name_key"])
            }
        }
        let isClean = { (tag: VacationRows.Tag) in VacationTags.clean(tag.name) == tag.name && VacationTags.key(tag.name) == tag.key }
        var kept: [Int64: Int64] = [:]
        var byKey: [String: Int64] = [:]
        for tag in tags.filter(isClean) + tags.filter({ !isClean($0) }) {
            let name = VacationTags.clean(tag.name)
            guard !name.isEmpty else { continue }
            let key = VacationTags.key(name)
            if let other = byKey[key] {
                kept[tag.id] = other
                continue
            }
            try insert(
                into: library,
                "INSERT INTO vacation_tags (vacation_id, id, name, name_key) VALUES (\(vacationID), \(tag.id), \(name), \(key))")
            (byKey[key], kept[tag.id]) = (tag.id, tag.id)
        }
        return kept
    }

    /// A read of the document; its failure is the document's.
    private func read<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw Unreadable(description: "it cannot be read (\(error))")
        }
    }

    /// A row the library refuses (a rule the document's own tables did not hold it to) is the
    /// document's fault; any other failure is the library's and goes up as it is.
    private func insert(into library: Connection, _ sql: SQL) throws {
        do {
            try library.execute(sql)
        } catch let error as DatabaseError where error.isConstraintViolation {
            throw Unreadable(description: "it holds rows a vacation cannot have (\(error.message))")
        }
    }
}
