import Foundation
import SQLDatabase
import SQLite
import PostgreSQL

/// Both engines, for tests that must hold for each: `@Test(arguments: allEngines)`.
public let allEngines: [DatabaseEngine] = [.sqlite, .postgreSQL]

public enum TestDatabase {
    /// A new, empty database with `migrations` applied: for SQLite a file in a new temporary
    /// folder, for PostgreSQL a new database on the test server. Removed when the process exits.
    public static func fresh(engine: DatabaseEngine, migrations: [Migration] = []) throws -> any Database {
        switch engine {
        case .sqlite:
            let folder = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent("roadtrip-sqlite-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            ExitCleanup.add { try? FileManager.default.removeItem(at: folder) }
            return try SQLiteDatabase(path: folder.appendingPathComponent("test.sqlite").path, migrations: migrations)
        case .postgreSQL:
            return try TestPostgreSQL.freshDatabase(migrations: migrations)
        }
    }
}
