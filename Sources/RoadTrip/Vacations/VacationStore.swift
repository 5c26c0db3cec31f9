import Foundation
import SQLDatabase
import TextRules

/// Each account's vacations: the catalogue (`vacations`: id, owner, name, version) and what
/// each holds (`VacationContents`), all in the library. Every method takes the account:
/// another account's vacation is "no such vacation".
public struct VacationStore: Sendable {
    let database: Database
    /// The data folder: `vacations/` holds the documents of an older RoadTrip until they are
    /// moved, `cache/imports/` the private copies of files being imported.
    let dataFolder: URL
    let clock: WallClock
    /// Shared by every store of the library: its locks are what make one copy per version.
    let exports: VacationExports
    /// The vacation document's format (`VacationFormat.migrations`; a test adds a later version).
    let documentMigrations: [Migration]
    /// Shared by every store of the library, so that what one page counted serves the next.
    let figures: VacationFigures

    public static let maximumNameLength = 100

    public init(database: Database, dataFolder: URL, exports: VacationExports, figures: VacationFigures, clock: WallClock = .system) {
        self.init(
            database: database, dataFolder: dataFolder, exports: exports, figures: figures, clock: clock,
            documentMigrations: VacationFormat.migrations)
    }

    init(
        database: Database, dataFolder: URL, exports: VacationExports, figures: VacationFigures, clock: WallClock,
        documentMigrations: [Migration]
    ) {
        self.database = database
        self.figures = figures
        self.dataFolder = dataFolder
        self.exports = exports
        self.clock = clock
        self.documentMigrations = documentMigrations
    }

    public func all(of account: AccountID) throws -> [Vacation] {
        try database.fetchAll(
            """
            SELECT vacations.id, vacations.name, count(photos.id) AS photo_count,
                min(photos.taken_at) AS first_date, max(photos.taken_at) AS last_date
            FROM vacations LEFT JOIN vacation_photos photos ON photos.vacation_id = vacations.id
            WHERE vacations.account_id = \(account.rawValue)
            GROUP BY vacations.id ORDER BY vacations.name_key, vacations.id
            """
        ) { row in
            Vacation(
                id: try row["id"], name: try row["name"], photoCount: try row["photo_count"],
                firstDate: try row["first_date"], lastDate: try row["last_date"])
        }
    }

    /// The vacation's name and contents when it belongs to `account`; nil otherwise.
    public func vacation(_ id: Int64, of account: AccountID) throws -> (name: String, contents: VacationContents)? {
        let name: String? = try database.fetchValue("SELECT name FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)")
        guard let name else { return nil }
        return (name, VacationContents(database: database, id: id, figures: figures))
    }

    /// Makes a vacation named `base`, or "base (2)", "base (3)" … up to 50 when the name is
    /// taken (an album, a trip found, a memory made a vacation); its id and the name it got.
    public func create(namedLike base: String, for account: AccountID, generated: Bool = false) throws -> (id: Int64, name: String) {
        let cleaned = UnseenCharacters.removed(from: base).trimmingCharacters(in: .whitespacesAndNewlines)
        let base = String(cleaned.prefix(VacationStore.maximumNameLength - 5))
        for attempt in 1...50 {
            let name = attempt == 1 ? base : "\(base) (\(attempt))"
            do {
                return (try create(named: name, for: account, generated: generated), name)
            } catch VacationError.alreadyExists {
                continue
            }
        }
        throw VacationError.alreadyExists(name: base)
    }

    /// Creates the vacation, empty; refuses a blank name or one the account has already (case
    /// and surrounding spaces ignored), creating nothing. A name RoadTrip made (`generated`: a
    /// trip found's place and month) is not shown by a link that hides where or when.
    @discardableResult
    public func create(named raw: String, for account: AccountID, generated: Bool = false) throws -> Int64 {
        let name = try VacationStore.validName(raw)
        return try database.write { db in
            try refuseTaken(name, for: account, except: nil, in: db)
            return try db.insertReturningID(
                """
                INSERT INTO vacations (account_id, name, name_key, created_at, name_generated)
                VALUES (\(account.rawValue), \(name), \(Credentials.nameKey(name)), \(clock.seconds), \(generated))
                """)
        }
    }

    /// Renames the vacation: a new version, so its next export carries the new name.
    public func rename(_ id: Int64, to raw: String, for account: AccountID) throws {
        let name = try VacationStore.validName(raw)
        try database.write { db in
            guard try db.fetchValue("SELECT 1 FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)") as Int? != nil else {
                throw VacationError.noSuchVacation
            }
            try refuseTaken(name, for: account, except: id, in: db)
            // A name typed is shown as typed.
            try db.execute(
                "UPDATE vacations SET name = \(name), name_key = \(Credentials.nameKey(name)), name_generated = 0 WHERE id = \(id)")
            try VacationContents.changed(id, in: db)
        }
    }

    /// Removes the vacation, what it holds (the rows go with it) and its exported copy.
    public func delete(_ id: Int64, for account: AccountID) throws {
        try database.write { db in
            try db.execute("DELETE FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)")
            guard db.changes > 0 else { throw VacationError.noSuchVacation }
        }
        exports.remove(id)
    }

    /// The account's vacations that hold the photo, by name; then those shared with it to which
    /// it added the photo (the ones it may take it out of).
    public func holding(sha256: String, for account: AccountID) throws -> [(id: Int64, name: String)] {
        try database.fetchAll(
            """
            SELECT vacations.id, vacations.name, CASE WHEN vacations.account_id = \(account.rawValue) THEN 0 ELSE 1 END AS shared, \
            owners.name AS owner_name
            FROM vacations JOIN accounts owners ON owners.id = vacations.account_id
            WHERE (vacations.account_id = \(account.rawValue)
                    AND EXISTS (SELECT 1 FROM vacation_photos WHERE vacation_id = vacations.id AND sha256 = \(sha256)))
                OR (\(sql: Self.sharedToAdd("vacations.id", with: account))
                    AND EXISTS (SELECT 1 FROM vacation_photos WHERE vacation_id = vacations.id AND sha256 = \(sha256) AND added_by \
                    = \(account.rawValue)))
            ORDER BY vacations.account_id <> \(account.rawValue), vacations.name_key, vacations.id
            """
        ) { row in
            let name: String = try row["name"]
            return (id: try row["id"] as Int64, name: try row["shared"] ? "\(name) (\(try row["owner_name"] as String)’s)" : name)
        }
    }

    /// Files a crash or a vanished vacation left: exported copies of vacations that are gone,
    /// and private copies of imports that never finished. Run at start-up. Files younger than
    /// an hour stay: another process (a command beside the server) may be writing them.
    public func removeStrayFiles() throws {
        let known: Set<Int64> = try database.read { db in Set(try db.fetchAll("SELECT id FROM vacations") { try $0["id"] as Int64 }) }
        exports.removeStray(keeping: known, now: clock.now())
        let names = (try? FileManager.default.contentsOfDirectory(atPath: importsFolder.path)) ?? []
        for name in names {
            let path = importsFolder.appendingPathComponent(name).path
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                clock.now().timeIntervalSince(modified) < 3600
            {
                continue
            }
            unlink(path)
        }
    }

    /// Where an import's private copy of the file is checked and read.
    var importsFolder: URL { dataFolder.appendingPathComponent("cache/imports") }

    private func refuseTaken(_ name: String, for account: AccountID, except id: Int64?, in db: Connection) throws {
        let other: SQL = id.map { "AND id <> \($0)" } ?? ""
        let taken: String? = try db.fetchValue(
            """
            SELECT name FROM vacations WHERE account_id = \(account.rawValue) AND name_key = \(Credentials.nameKey(name)) \(sql: other)
            """)
        if let taken { throw VacationError.alreadyExists(name: taken) }
    }

    /// `TypedName`'s rule, as account names follow it.
    public static func validName(_ raw: String) throws(VacationError) -> String {
        try TypedName.valid(raw, limit: maximumNameLength, failing: VacationError.self)
    }
}

extension VacationError: TypedNameError {}
