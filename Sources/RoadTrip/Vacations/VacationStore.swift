import Foundation
import SQLDatabase
import TextRules

/// Each account's vacations: the catalogue in the library (id, owner, name) and the documents
/// in `vacations/<id>.vacation`. A file's name is its id, never anything a person typed.
/// Every method takes the account: another account's vacation is "no such vacation".
public struct VacationStore: Sendable {
    let database: Database
    let folder: URL
    let clock: WallClock
    /// Shared by every store of the library: its locks are what make one copy per version.
    let exports: VacationExports

    public static let maximumNameLength = 100

    public init(database: Database, folder: URL, exports: VacationExports, clock: WallClock = .system) {
        self.database = database
        self.folder = folder
        self.exports = exports
        self.clock = clock
    }

    public func all(of account: AccountID) throws -> [Vacation] {
        let entries: [(Int64, String)] = try database.read { db in
            try db.fetchAll("SELECT id, name FROM vacations WHERE account_id = \(account.rawValue) ORDER BY name_key, id") {
                (try $0["id"], try $0["name"])
            }
        }
        return try entries.map { id, name in try open(id).summary(id: id, name: name) }
    }

    /// The vacation's name and document when it belongs to `account`; nil otherwise.
    public func vacation(_ id: Int64, of account: AccountID) throws -> (name: String, document: VacationDocument)? {
        let name: String? = try database.read { db in
            try db.fetchValue("SELECT name FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)")
        }
        guard let name else { return nil }
        return (name, try open(id))
    }

    /// Creates the vacation and its document; refuses a blank name or one the account has
    /// already (case and surrounding spaces ignored), creating nothing.
    @discardableResult
    public func create(named raw: String, for account: AccountID) throws -> Int64 {
        let name = try VacationStore.validName(raw)
        return try database.write { db in
            try refuseTaken(name, for: account, except: nil, in: db)
            let id = try db.insertReturningID("""
                INSERT INTO vacations (account_id, name, name_key, created_at)
                VALUES (\(account.rawValue), \(name), \(Credentials.nameKey(name)), \(clock.seconds))
                """)
            // The document is made inside the catalogue's transaction: if it cannot be made the
            // row is rolled back; a crash before the commit leaves a file no row names, removed
            // by `removeStrayDocuments`.
            try DurableFile.makeFolder(folder.path)
            _ = try VacationDocument.create(at: path(of: id), name: name, createdAt: clock.seconds)
            DurableFile.syncFolder(folder.path)
            return id
        }
    }

    public func rename(_ id: Int64, to raw: String, for account: AccountID) throws {
        let name = try VacationStore.validName(raw)
        try database.write { db in
            guard try db.fetchValue("SELECT 1 FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)") as Int? != nil else {
                throw VacationError.noSuchVacation
            }
            try refuseTaken(name, for: account, except: id, in: db)
            try db.execute("UPDATE vacations SET name = \(name), name_key = \(Credentials.nameKey(name)) WHERE id = \(id)")
            // The document carries its name too, so an export is the document as it is. Inside
            // the catalogue's transaction: when it cannot be written the rename is rolled back.
            try open(id).setName(name)
        }
    }

    /// Removes the vacation and its document.
    public func delete(_ id: Int64, for account: AccountID) throws {
        try database.write { db in
            try db.execute("DELETE FROM vacations WHERE id = \(id) AND account_id = \(account.rawValue)")
            guard db.changes > 0 else { throw VacationError.noSuchVacation }
        }
        for suffix in VacationStore.sideFileSuffixes { unlink(path(of: id) + suffix) }
        DurableFile.syncFolder(folder.path)
        exports.remove(id)
    }

    /// The account's vacations that hold the photo, by name.
    public func holding(sha256: String, for account: AccountID) throws -> [(id: Int64, name: String)] {
        let entries: [(Int64, String)] = try database.read { db in
            try db.fetchAll("SELECT id, name FROM vacations WHERE account_id = \(account.rawValue) ORDER BY name_key, id") {
                (try $0["id"], try $0["name"])
            }
        }
        return try entries.filter { try open($0.0).contains(sha256: sha256) }.map { (id: $0.0, name: $0.1) }
    }

    /// Documents no catalogue row names: left by a crash while a vacation was being created,
    /// or by an account's removal; and their exported copies. Run at start-up.
    public func removeStrayDocuments() throws {
        let known: Set<Int64> = try database.read { db in Set(try db.fetchAll("SELECT id FROM vacations") { try $0["id"] as Int64 }) }
        exports.removeStray(keeping: known, now: clock.now())
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            if let suffix = VacationStore.sideFileSuffixes.first(where: { name.hasSuffix(".vacation" + $0) }) {
                // A known document's journal stays: after a crash it is hot, and the next open
                // rolls the half-made change back with it.
                if let id = Int64(name.dropLast(".vacation".count + suffix.count)), known.contains(id) { continue }
            } else if !name.hasPrefix(".incoming-") {
                continue
            }
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    func path(of id: Int64) -> String {
        folder.appendingPathComponent("\(id).vacation").path
    }

    func open(_ id: Int64) throws -> VacationDocument {
        try VacationDocument(path: path(of: id))
    }

    private func refuseTaken(_ name: String, for account: AccountID, except id: Int64?, in db: Connection) throws {
        let taken: String? = try db.fetchValue("""
            SELECT name FROM vacations WHERE account_id = \(account.rawValue) AND name_key = \(Credentials.nameKey(name)) AND id IS NOT \(id)
            """)
        if let taken { throw VacationError.alreadyExists(name: taken) }
    }

    /// Trimmed and composed (NFC); not blank, not too long, no control characters, no
    /// text-direction overrides (the rule account names follow).
    public static func validName(_ raw: String) throws(VacationError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .nameEmpty }
        guard name.count <= maximumNameLength else { throw .nameTooLong(limit: maximumNameLength) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .nameHasControlCharacters }
        guard !DirectionOverrides.found(in: name) else { throw .nameHasDirectionOverrides }
        return name
    }
}
