import Foundation
import Synchronization
import SQLDatabase
import SQLite
import PostgreSQL
import TestSupport

/// Both engines, for tests that must hold for each: `@Test(arguments: allEngines)`.
public let allEngines: [DatabaseEngine] = [.sqlite, .postgreSQL]

public enum TestDatabase {
    /// A new, empty database with `migrations` applied: for SQLite a file in a new temporary
    /// folder, for PostgreSQL a new database on the test server. Removed when the process exits.
    public static func fresh(engine: DatabaseEngine, migrations: [Migration] = []) throws -> any Database {
        switch engine {
        case .sqlite:
            return try freshSQLite(migrations: migrations)
        case .postgreSQL:
            return try TestPostgreSQL.freshDatabase(migrations: migrations)
        }
    }

    /// A new SQLite file in a new temporary folder, removed when the process exits.
    public static func freshSQLite(
        migrations: [Migration] = [], changeCheckInterval: Duration = SQLiteDatabase.changeCheckInterval
    ) throws -> SQLiteDatabase {
        try SQLiteDatabase(
            path: newFolder().appendingPathComponent("test.sqlite").path, migrations: migrations, changeCheckInterval: changeCheckInterval
        )
    }

    /// Puts at `path` (a new file; its folder is made) a SQLite database with `migrations`
    /// applied, as opening a new file with them would leave it, but copied from one migrated
    /// once per process: a library's schema costs tens of milliseconds to build, and the tests
    /// make hundreds of libraries. Its journal mode is left to the one who opens it.
    public static func placeSQLite(at path: String, migratedBy migrations: [Migration]) throws {
        let template = try sqliteTemplates.withLock { templates in
            let key = Migration.key(of: migrations)
            if let made = templates[key] { return made }
            let made = try newFolder().appendingPathComponent("migrated.sqlite").path
            // A rollback journal: every commit is in the file itself, which is all there is to copy.
            _ = try SQLiteDatabase(path: made, readers: 1, migrations: migrations, journal: .rollback)
            templates[key] = made
            return made
        }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: template, toPath: path)
        // Private, as SQLiteConnection makes a new file: it will hold password hashes and keys.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    /// The migrated SQLite files `placeSQLite` copies, by their migrations (`Migration.key`).
    private static let sqliteTemplates = Mutex<[String: String]>([:])

    /// A new temporary folder, removed when the process exits.
    private static func newFolder() throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("roadtrip-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        ExitCleanup.add { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The same database opened again, as another process or instance would open it.
    public static func another(sameAs database: any Database) throws -> any Database {
        switch database {
        case let sqlite as SQLiteDatabase: try SQLiteDatabase(path: sqlite.path)
        case let postgreSQL as PostgreSQLDatabase: try PostgreSQLDatabase(address: postgreSQL.address)
        default: throw DatabaseError(kind: .misuse, message: "no way to open \(type(of: database)) again")
        }
    }

    /// The database's change stamp once it has one and it has stopped moving: PostgreSQL's is
    /// unknown until its listening connection is up, and the notices of writes before may still
    /// be on their way; SQLite's first check counts as a change.
    public static func settledStamp(of database: any Database) throws -> UInt64 {
        var last = database.changeStamp()
        var steady = 0
        let settled = eventually {
            let now = database.changeStamp()
            steady = now != nil && now == last ? steady + 1 : 0
            last = now
            return steady >= 20
        }
        guard settled, let last else { throw DatabaseError(kind: .misuse, message: "the change stamp did not settle") }
        return last
    }
}

extension Migration {
    /// The same for the same migrations, in the same order, and different for any other: what
    /// a database migrated once is kept under, to be copied.
    static func key(of migrations: [Migration]) -> String {
        migrations.map { "\($0.name)\n\($0.sql)" }.joined(separator: "\n\u{0}\n")
    }
}
