import Foundation

/// Brings a database's schema up to date, recording each applied migration by name in
/// `schema_migrations`. Engines run it with their own migrations, and keep two processes
/// from migrating one database at once (SQLite's write lock, PostgreSQL's advisory lock).
public struct Migrator {
    let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations
    }

    public func migrate(_ connection: any Connection) throws {
        try checkNamesAreUnique()
        try connection.executeScript("""
            CREATE TABLE IF NOT EXISTS schema_migrations(
                name TEXT PRIMARY KEY,
                applied_at TEXT NOT NULL
            )
            """)
        let applied = Set(try connection.fetchAll("SELECT name FROM schema_migrations") { try $0[0] as String })
        try refuseUnknown(applied)
        for migration in migrations where !applied.contains(migration.name) {
            try apply(migration, to: connection)
        }
    }

    private func checkNamesAreUnique() throws {
        var seen: Set<String> = []
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw DatabaseError(kind: .misuse, message: "two migrations are named \"\(migration.name)\"")
        }
    }

    /// A migration this code does not know was written by a newer version of the program:
    /// running against a schema it does not understand could corrupt data.
    private func refuseUnknown(_ applied: Set<String>) throws {
        let unknown = applied.subtracting(migrations.map(\.name)).sorted()
        guard unknown.isEmpty else {
            let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
            throw DatabaseError(
                kind: .newerSchema,
                message: "the database has migrations this program does not know (\(names)); "
                    + "it was probably written by a newer version, so it is left untouched"
            )
        }
    }

    /// The script and its record commit together, or neither does.
    private func apply(_ migration: Migration, to connection: any Connection) throws {
        let now = ISO8601DateFormatter().string(from: Date())
        do {
            try connection.transaction {
                // Another process may have applied it since we looked.
                let recorded: Int? = try connection.fetchValue(
                    "SELECT 1 FROM schema_migrations WHERE name = \(migration.name)"
                )
                guard recorded == nil else { return }
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO schema_migrations(name, applied_at) VALUES (\(migration.name), \(now))")
            }
        } catch let error as DatabaseError {
            throw error.withMessage("migration \"\(migration.name)\" failed: \(error.message)")
        }
    }
}
