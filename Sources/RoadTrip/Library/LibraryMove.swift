import Foundation
import PostgreSQL
import SQLDatabase
import SQLite

/// How many rows one table had in the data folder and has now in PostgreSQL.
public struct MovedTable: Sendable, Equatable {
    public let name: String
    public let source: Int
    public let copied: Int
}

/// Moves a household's server up: copies the rows of a SQLite data folder into an empty
/// PostgreSQL database, in one transaction, so that a copy that fails half way leaves the
/// database empty and may simply be run again. Ends by comparing every table's count before
/// it commits. Files stay where they are: the data folder becomes the instances' storage.
public struct LibraryMove: Sendable {
    /// The tables copied, parents before children. Sessions and sign-in failures are not:
    /// people sign in again on the new servers, and old failures hold nobody back there.
    static let tables = [
        "destinations", "destination_events", "destination_points_of_interest", "library_events",
        "accounts", "known_devices", "setup_tokens", "trips", "book_settings",
        "tracks", "track_waypoints", "placements", "places", "photos", "videos", "placement_photos", "photo_tags", "photo_favorites",
        "photo_versions", "vacations", "vacation_places", "vacation_photos", "vacation_tags", "vacation_photo_tags",
        "settings", "flickr_photos", "recent_items", "jobs",
        "vacation_links", "vacation_members", "backups",
        "on_this_day_hidden_days", "on_this_day_hidden_photos", "trip_changes", "trip_home", "found_trips",
        "import_runs", "import_run_items", "import_run_vacations", "import_run_tracks", "import_run_fills", "import_requests",
        "import_run_versions", "vacation_books",
    ]
    /// Tables whose `id` PostgreSQL numbers itself: their next number follows the copied rows.
    static let numberedTables = [
        "destinations", "accounts", "photos", "vacations", "jobs", "vacation_links", "backups", "tracks", "placements",
        "found_trips", "import_runs", "import_requests",
    ]
    /// Rows read and written at a time.
    static let batch = 500

    /// The target's triggers that keep counts (places', countries', photos without a place, the
    /// map's cells, the timeline's days and months, which also note the days trips are looked
    /// for in), off while the rows are copied; `recounts` then count them all at once, and the
    /// changed days and the trips job are copied as they were.
    static let counters = [
        ("photos", "photos_counted"), ("photos", "photos_counted_without_place"), ("photos", "photos_on_map"),
        ("photos", "photos_on_timeline"), ("places", "places_counted_in_country"),
    ]
    static let recounts = [
        """
        UPDATE places SET photo_count = counted.photo_count
            FROM (SELECT place_id, count(*) AS photo_count FROM photos WHERE place_id IS NOT NULL GROUP BY place_id) counted
            WHERE places.id = counted.place_id
        """,
        """
        INSERT INTO place_countries (country_code, country, place_count, photo_count)
            SELECT country_code, min(country), count(*), sum(photo_count) FROM places WHERE photo_count > 0 GROUP BY country_code
        """,
        "UPDATE photos_without_place SET photo_count = (SELECT count(*) FROM photos WHERE place_id IS NULL)",
        PhotoMapGrid.postgreSQLCellCount,
        """
        INSERT INTO timeline_days (day, photo_count)
            SELECT substr(taken_at, 1, 10), count(*) FROM photos WHERE taken_at IS NOT NULL GROUP BY substr(taken_at, 1, 10)
        """,
        """
        INSERT INTO timeline_months (month, photo_count)
            SELECT substr(taken_at, 1, 7), count(*) FROM photos WHERE taken_at IS NOT NULL GROUP BY substr(taken_at, 1, 7)
        """,
        "UPDATE timeline_undated SET photo_count = (SELECT count(*) FROM photos WHERE taken_at IS NULL)",
    ]

    public let folder: URL
    public let target: PostgreSQLAddress

    public init(from folder: URL, to target: PostgreSQLAddress) {
        self.folder = folder
        self.target = target
    }

    /// `roadtrip migrate --from DIR --to URL`: the URL must name a PostgreSQL database.
    public init(from folder: URL, to url: String) throws(LibraryError) {
        guard case .postgreSQL(let address) = try LibraryDatabase.chosen(option: url, environment: [:]) else {
            throw LibraryError(description: "--to must be a postgresql:// URL")
        }
        self.init(from: folder, to: address)
    }

    /// Copies every table, reporting each as it is done; throws, having copied nothing, when
    /// the folder holds no library, the database is not empty, a row is refused, or a count differs.
    @discardableResult
    public func run(progress: (MovedTable) -> Void = { _ in }) throws(LibraryError) -> [MovedTable] {
        let path = LibraryDatabase.sqlitePath(in: folder)
        guard FileManager.default.fileExists(atPath: path) else {
            throw LibraryError(description: "\(folder.path) holds no RoadTrip library (no library.sqlite)")
        }
        do {
            // Brought up to date first, so both sides have the same tables and columns, with
            // the vacations of older folders moved out of their documents into the rows.
            let unmoved = try Library(folder: folder, readers: 1).vacations.moveDocumentsIntoLibrary()
            if let first = unmoved.first {
                // Reported once: the document is set aside, so a second run copies the rest.
                throw LibraryError(
                    description:
                        """
                        \(first); it was set aside and its vacation left empty, so nothing was copied yet: run migrate again to \
                        copy the rest
                        """
                )
            }
            let source = try SQLiteDatabase(path: path, readers: 1, migrations: Schema.migrations)
            let destination = try PostgreSQLDatabase(address: target, connections: 2, migrations: Schema.postgreSQLMigrations)
            return try source.read { from in
                try destination.write { to in
                    try refuseNonEmpty(to)
                    // The counters are counted once at the end, not photo by photo: one
                    // transaction updating a place's count a hundred thousand times makes as
                    // many versions of its row. The triggers are off for this transaction's copy
                    // only (DDL is transactional).
                    for (table, trigger) in Self.counters { try to.execute("ALTER TABLE \(raw: table) DISABLE TRIGGER \(raw: trigger)") }
                    var moved: [MovedTable] = []
                    for table in Self.tables {
                        let copied = try copy(table, from: from, to: to)
                        progress(copied)
                        moved.append(copied)
                    }
                    for statement in Self.recounts { try to.execute("\(raw: statement)") }
                    for (table, trigger) in Self.counters { try to.execute("ALTER TABLE \(raw: table) ENABLE TRIGGER \(raw: trigger)") }
                    try renumber(to)
                    if let differing = moved.first(where: { $0.source != $0.copied }) {
                        throw LibraryError(
                            description:
                                "table \(differing.name) has \(differing.source) rows in the folder but \(differing.copied) were copied")
                    }
                    return moved
                }
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError(description: "nothing was copied to \(target): \(error)")
        }
    }

    private func refuseNonEmpty(_ db: any Connection) throws {
        let filled = try Self.tables.filter { table in
            try db.fetchValue("SELECT 1 FROM \(raw: table) LIMIT 1") as Int? != nil
        }
        guard filled.isEmpty else {
            throw LibraryError(
                description:
                    """
                    the database at \(target) is not empty (it has \(filled.joined(separator: ", "))); migrate copies into an \
                    empty database only
                    """
            )
        }
    }

    /// Copies in batches, in rowid order (or the key's, for a table without rowids). Photo
    /// counts of places start at 0: `recounts` count them once the photos are in.
    private func copy(_ table: String, from source: any Connection, to target: any Connection) throws -> MovedTable {
        let columns = try targetColumns(of: table, in: target)
        let list = columns.joined(separator: ", ")
        let count: Int = try source.fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
        let withoutRowID: Int? = try source.fetchValue("SELECT 1 FROM sqlite_schema WHERE name = \(table) AND sql LIKE '%WITHOUT ROWID%'")
        var after: Int64 = .min
        var offset = 0
        while true {
            let rows: [Row]
            if withoutRowID == nil {
                rows = try source.fetchAll(
                    """
                    SELECT \(raw: list), rowid AS copy_position FROM \(raw: table) WHERE rowid > \(after) ORDER BY rowid LIMIT \(Self.batch)
                    """)
                if let last = rows.last { after = try last["copy_position"] }
            } else {
                // Small tables (per account, per destination): the key orders them.
                let key = try source.fetchAll("SELECT name FROM pragma_table_info(\(table)) WHERE pk > 0 ORDER BY pk") {
                    try $0["name"] as String
                }
                rows = try source.fetchAll(
                    """
                    SELECT \(raw: list) FROM \(raw: table) ORDER BY \(raw: key.joined(separator: ", ")) LIMIT \(Self.batch) OFFSET \(offset)
                    """)
                offset += rows.count
            }
            if rows.isEmpty { break }
            // One statement per batch: a round trip per row was most of a large library's move.
            var insert: SQL = "INSERT INTO \(raw: table) (\(raw: list)) VALUES "
            let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            for (number, row) in rows.enumerated() {
                insert.text += number == 0 ? tuple : ", " + tuple
                for (index, column) in columns.enumerated() {
                    insert.arguments.append(table == "places" && column == "photo_count" ? .integer(0) : try row[index])
                }
            }
            try target.execute(insert)
        }
        let copied: Int = try target.fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
        return MovedTable(name: table, source: count, copied: copied)
    }

    /// The target's columns, as PostgreSQL's catalogue names them (never text from the source),
    /// less those it computes itself (a photo's cell on the map).
    private func targetColumns(of table: String, in db: any Connection) throws -> [String] {
        try db.fetchAll(
            """
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(table) AND is_generated = 'NEVER' ORDER BY ordinal_position
            """
        ) { try $0["column_name"] as String }
    }

    private func renumber(_ db: any Connection) throws {
        for table in Self.numberedTables {
            try db.execute(
                """
                SELECT setval(pg_get_serial_sequence(\(table), 'id'), coalesce((SELECT max(id) FROM \(raw: table)), 0) + 1, false)
                """)
        }
    }
}
