import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SQLDatabase
import SQLite
import TextRules

extension VacationStore {
    /// Adds the document at `path` (an upload, a file given to the command) as a new vacation
    /// of the account, after checking that it is one: a SQLite file of our format and version,
    /// whole (`integrity_check`), within the size limits, with our tables and nothing else.
    /// Its name becomes "Name (2)" when the account has a vacation of that name. The file given
    /// is never opened in place, nor changed; on refusal nothing is kept.
    @discardableResult
    public func importDocument(at path: String, for account: AccountID) throws -> (id: Int64, name: String) {
        guard let size = DurableFile.size(of: path) else { throw VacationError.notADocument("it cannot be read") }
        guard size <= VacationFormat.maximumFileSize else {
            throw VacationError.notADocument("it is larger than \(VacationFormat.maximumFileSize >> 20) MB")
        }
        guard try Self.startsLikeSQLite(path) else { throw VacationError.notADocument("it is not a SQLite database") }
        try DurableFile.makeFolder(folder.path)
        let incoming = folder.appendingPathComponent(".incoming-\(UInt64.random(in: 0...UInt64.max))").path
        try DurableFile.copy(from: path, to: incoming)
        var kept = false
        defer { if !kept { for suffix in VacationStore.sideFileSuffixes { unlink(incoming + suffix) } } }
        try Self.leaveWALMode(incoming)
        let name = try VacationInspection(path: incoming, template: folder).check()
        let result: (Int64, String) = try database.write { db in
            let unique = try uniqueName(for: name, account: account, in: db)
            let id = try db.insertReturningID("""
                INSERT INTO vacations (account_id, name, name_key, created_at)
                VALUES (\(account.rawValue), \(unique), \(Credentials.nameKey(unique)), \(clock.seconds))
                """)
            // Documents carry their name as the catalogue has it (see `rename`): an export is the file as it is.
            try VacationDocument(path: incoming).prepareImported(name: unique)
            guard Glibc.rename(incoming, self.path(of: id)) == 0 else { throw FileError("cannot save", self.path(of: id)) }
            kept = true
            DurableFile.syncFolder(folder.path)
            return (id, unique)
        }
        return (id: result.0, name: result.1)
    }

    /// "Lisbon", else "Lisbon (2)", "Lisbon (3)"… — the first the account does not have.
    private func uniqueName(for raw: String, account: AccountID, in db: Connection) throws -> String {
        let base = (try? VacationStore.validName(DirectionOverrides.removed(from: raw))) ?? "Imported vacation"
        var candidate = base
        var number = 1
        while try db.fetchValue("""
            SELECT 1 FROM vacations WHERE account_id = \(account.rawValue) AND name_key = \(Credentials.nameKey(candidate))
            """) as Int? != nil {
            number += 1
            candidate = "\(base.prefix(VacationStore.maximumNameLength - 6)) (\(number))"
        }
        return candidate
    }

    /// The files SQLite may put beside a database: a rollback journal, or WAL's log and index.
    static let sideFileSuffixes = ["", "-journal", "-wal", "-shm"]

    /// A document switched to WAL says so in its header (bytes 18 and 19 are 2); opened like
    /// that, even read-only, SQLite makes a `-wal` and a `-shm` beside it and leaves them there.
    /// Our copy came without its log, so the file alone is the whole database: saying "rollback
    /// journal" (1 and 1, what `journal_mode = DELETE` writes after its checkpoint) before
    /// SQLite first opens it keeps it one file, like every other document.
    private static func leaveWALMode(_ path: String) throws {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot read", path) }
        defer { close(fd) }
        var versions: [UInt8] = [0, 0]
        guard versions.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 2, 18) }) == 2 else {
            throw VacationError.notADocument("it is not a SQLite database")
        }
        guard versions != [1, 1] else { return }
        guard versions.allSatisfy({ $0 == 1 || $0 == 2 }) else { throw VacationError.notADocument("it is of a SQLite file format this RoadTrip cannot read") }
        let legacy: [UInt8] = [1, 1]
        guard legacy.withUnsafeBytes({ pwrite(fd, $0.baseAddress, 2, 18) }) == 2, fsync(fd) == 0 else { throw FileError("cannot save", path) }
    }

    private static func startsLikeSQLite(_ path: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = try handle.read(upToCount: 16) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }
}

/// The checks a foreign file passes before it becomes a vacation.
struct VacationInspection {
    let path: String
    /// Where a fresh document is made to compare schemas with.
    let template: URL

    /// The vacation's name inside the file, when every check passes.
    func check() throws -> String {
        let connection: Connection
        do {
            connection = try SQLiteConnection(path: path, readOnly: true, journal: .rollback)
        } catch {
            throw VacationError.notADocument("it cannot be opened as a database")
        }
        do {
            let integrity = try connection.fetchAll("PRAGMA integrity_check") { try $0[0] as String }
            guard integrity == ["ok"] else { throw VacationError.notADocument("it is damaged (\(integrity.first ?? "integrity check failed"))") }
            let application: Int32 = try connection.fetchValue("PRAGMA application_id") ?? 0
            guard application == VacationFormat.applicationID else { throw VacationError.notADocument("it is a database of another program") }
            let version: Int = try connection.fetchValue("PRAGMA user_version") ?? 0
            guard version == VacationFormat.version else {
                throw VacationError.notADocument("it is of format version \(version); this RoadTrip reads version \(VacationFormat.version)")
            }
            guard try schema(of: connection) == expectedSchema() else {
                throw VacationError.notADocument("it holds tables or triggers a vacation does not have")
            }
            let foreignKeys = try connection.fetchAll("PRAGMA foreign_key_check") { _ in 1 }
            guard foreignKeys.isEmpty else { throw VacationError.notADocument("its photos point at places or tags it does not have") }
            let photos: Int = try connection.fetchValue("SELECT count(*) FROM photos") ?? 0
            guard photos <= VacationFormat.maximumPhotos else { throw VacationError.tooManyPhotos(limit: VacationFormat.maximumPhotos) }
            let bad: Int = try connection.fetchValue("""
                SELECT count(*) FROM photos WHERE typeof(preview) != 'blob' OR length(preview) > 50000000
                    OR typeof(thumbnail) != 'blob' OR length(thumbnail) > 5000000
                    OR substr(preview, 1, 3) != x'FFD8FF'
                    OR substr(thumbnail, 1, 4) != CAST('RIFF' AS BLOB) OR substr(thumbnail, 9, 4) != CAST('WEBP' AS BLOB)
                    OR sha256 GLOB '*[^0-9a-f]*'
                    OR typeof(width) != 'integer' OR typeof(height) != 'integer' OR width NOT BETWEEN 1 AND 100000 OR height NOT BETWEEN 1 AND 100000
                """) ?? 0
            guard bad == 0 else { throw VacationError.notADocument("\(bad) of its photos are damaged") }
            guard let name: String = try connection.fetchValue("SELECT name FROM vacation WHERE id = 1") else {
                throw VacationError.notADocument("it has no name")
            }
            return name
        } catch let error as VacationError {
            throw error
        } catch {
            throw VacationError.notADocument("it cannot be read (\(error))")
        }
    }

    /// Every schema object as SQLite keeps it: the file must hold exactly what a new document holds.
    private func schema(of connection: Connection) throws -> Set<String> {
        Set(try connection.fetchAll("SELECT type, name, tbl_name, coalesce(sql, '') AS sql FROM sqlite_schema") { row in
            "\(try row["type"] as String)|\(try row["name"] as String)|\(try row["tbl_name"] as String)|\(try row["sql"] as String)"
        })
    }

    private func expectedSchema() throws -> Set<String> {
        let path = template.appendingPathComponent(".template-\(UInt64.random(in: 0...UInt64.max))").path
        defer { for suffix in VacationStore.sideFileSuffixes { unlink(path + suffix) } }
        let document = try VacationDocument.create(at: path, name: "template", createdAt: 0)
        return try document.database.read { db in try schema(of: db) }
    }
}
