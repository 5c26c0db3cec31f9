import Foundation

/// Brings a database's schema up to date, recording each applied migration by name in
/// `schema_migrations`. Engines run it with their own migrations, and keep two processes
/// from migrating one database at once (SQLite's write lock, PostgreSQL's advisory lock).
///
/// A SQLite file whose tables are all its own (a vacation document) records instead how many
/// migrations it has had in its `user_version`, the format's version number.
public struct Migrator {
    public enum Record: Sendable {
        /// The `schema_migrations` table, by name.
        case table
        /// SQLite's `PRAGMA user_version`: the first N migrations were applied.
        case userVersion
    }

    let migrations: [Migration]
    let record: Record

    public init(migrations: [Migration], record: Record = .table) {
        self.migrations = migrations
        self.record = record
    }

    public func migrate(_ connection: any Connection) throws {
        try checkNamesAreUnique()
        guard record == .table else { return try migrateUserVersion(connection) }
        try connection.executeScript(
            """
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

    /// The version the file says (the migrations it has had), the rest applied in order, each
    /// with its new version in one transaction. A version past the last migration is a newer
    /// program's: left untouched.
    private func migrateUserVersion(_ connection: any Connection) throws {
        let version: Int = try connection.fetchValue("PRAGMA user_version") ?? 0
        guard version <= migrations.count else {
            throw DatabaseError(
                kind: .newerSchema,
                message: "it is of version \(version), and this program knows versions up to \(migrations.count); "
                    + "it was probably written by a newer version, so it is left untouched"
            )
        }
        for (index, migration) in migrations.enumerated().dropFirst(version) {
            do {
                try connection.transaction {
                    try connection.executeScript(migration.sql)
                    // A PRAGMA takes no parameters; the number is this code's own.
                    try connection.executeScript("PRAGMA user_version = \(index + 1)")
                }
            } catch let error as DatabaseError {
                throw error.withMessage("migration \"\(migration.name)\" failed: \(error.message)")
            }
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
