import Foundation
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
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("roadtrip-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        ExitCleanup.add { try? FileManager.default.removeItem(at: folder) }
        return try SQLiteDatabase(
            path: folder.appendingPathComponent("test.sqlite").path, migrations: migrations, changeCheckInterval: changeCheckInterval
        )
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
