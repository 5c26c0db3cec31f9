import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import SQLDatabase
import SQLite
import SystemCalls
import TextRules

extension VacationStore {
    /// Adds the document at `path` (an upload, a file given to the command) as a new vacation
    /// of the account, after checking that it is one: a SQLite file of our format and of a
    /// version we know (an older one is brought up to date), whole (`integrity_check`), within
    /// the size limits, with that version's tables and nothing else.
    /// Its rows are copied into the library in one write transaction, cleaned on the way
    /// (`VacationDocumentReader`). Its name becomes "Name (2)" when the account has a vacation
    /// of that name. The file given is never opened in place, nor changed: every check and the
    /// copy read a private copy of it, removed afterwards. On refusal nothing is kept.
    @discardableResult
    public func importDocument(at path: String, for account: AccountID) throws -> (id: Int64, name: String) {
        guard let size = DurableFile.size(of: path) else { throw VacationError.notADocument("it cannot be read") }
        guard size <= VacationFormat.maximumFileSize else {
            throw VacationError.notADocument("it is larger than \(VacationFormat.maximumFileSize >> 20) MB")
        }
        guard try Self.startsLikeSQLite(path) else { throw VacationError.notADocument("it is not a SQLite database") }
        try DurableFile.makeFolder(importsFolder.path)
        let incoming = importsFolder.appendingPathComponent(".incoming-\(UInt64.random(in: 0...UInt64.max)).vacation").path
        defer { for suffix in VacationStore.sideFileSuffixes { unlink(incoming + suffix) } }
        try DurableFile.copy(from: path, to: incoming)
        try Self.leaveWALMode(incoming)
        let name = try VacationInspection(path: incoming, template: importsFolder, migrations: documentMigrations).check()
        do {
            let document = try VacationDocumentReader(path: incoming, migrations: documentMigrations)
            let result: (Int64, String) = try database.write { db in
                let unique = try uniqueName(for: name, account: account, in: db)
                let id = try db.insertReturningID(
                    """
                    INSERT INTO vacations (account_id, name, name_key, created_at)
                    VALUES (\(account.rawValue), \(unique), \(Credentials.nameKey(unique)), \(clock.seconds))
                    """)
                try document.copyRows(into: id, in: db)
                return (id, unique)
            }
            return (id: result.0, name: result.1)
        } catch let error as VacationDocumentReader.Unreadable {
            throw VacationError.notADocument(error.description)
        }
    }

    /// "Lisbon", else "Lisbon (2)", "Lisbon (3)"… — the first the account does not have.
    private func uniqueName(for raw: String, account: AccountID, in db: Connection) throws -> String {
        let base = (try? VacationStore.validName(DirectionOverrides.removed(from: raw))) ?? "Imported vacation"
        var candidate = base
        var number = 1
        while try db.fetchValue(
            """
            SELECT 1 FROM vacations WHERE account_id = \(account.rawValue) AND name_key = \(Credentials.nameKey(candidate))
            """) as Int? != nil
        {
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
    /// SQLite first opens it keeps it one file, leaving nothing beside it once it is removed.
    private static func leaveWALMode(_ path: String) throws {
        let file: FileDescriptor
        do throws(SystemError) { file = try FileDescriptor.open(path, flags: O_RDWR) } catch {
            throw FileError("cannot read", path, errno: error.errno)
        }
        var versions: [UInt8] = [0, 0]
        let count: Int
        do throws(SystemError) { count = try file.read(into: &versions, at: 18) } catch {
            throw FileError("cannot read", path, errno: error.errno)
        }
        guard count == 2 else { throw VacationError.notADocument("it is not a SQLite database") }
        guard versions != [1, 1] else { return }
        guard versions.allSatisfy({ $0 == 1 || $0 == 2 }) else {
            throw VacationError.notADocument("it is of a SQLite file format this RoadTrip cannot read")
        }
        do throws(SystemError) {
            try file.write([1, 1], at: 18)
            try file.sync()
        } catch {
            throw FileError("cannot save", path, errno: error.errno)
        }
    }

    private static func startsLikeSQLite(_ path: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = try handle.read(upToCount: 16) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }
}
