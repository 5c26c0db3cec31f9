import Foundation
import PostgreSQL
import SQLDatabase
import SQLite

/// Where a library keeps its rows: SQLite in the data folder (one machine, the default), or a
/// PostgreSQL server that several RoadTrip instances share. Files stay in the data folder
/// either way; with PostgreSQL that folder is storage every instance mounts.
public enum LibraryDatabase: Sendable, Equatable, CustomStringConvertible {
    /// `library.sqlite` in the data folder.
    case sqlite
    /// `postgresql://user:password@host:port/database?sslmode=…`.
    case postgreSQL(PostgreSQLAddress)

    /// The SQLite library's file in the data folder `folder`.
    public static func sqlitePath(in folder: URL) -> String {
        folder.appendingPathComponent("library.sqlite").path
    }

    /// `--database URL` when given, else `$ROADTRIP_DATABASE`, else SQLite. Only PostgreSQL
    /// URLs are accepted; the error names the URL without its password.
    public static func chosen(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LibraryError)
        -> LibraryDatabase
    {
        guard let url = option ?? environment["ROADTRIP_DATABASE"].flatMap({ $0.isEmpty ? nil : $0 }) else { return .sqlite }
        do {
            return .postgreSQL(try PostgreSQLAddress(url))
        } catch {
            throw LibraryError(description: "the database must be a postgresql:// URL: \(error)")
        }
    }

    /// Never the password: this is what logs and errors show.
    public var description: String {
        switch self {
        case .sqlite: "SQLite (library.sqlite in the data folder)"
        case .postgreSQL(let address): address.redacted
        }
    }

    func open(in folder: URL, connections: Int) throws -> any Database {
        switch self {
        case .sqlite:
            try SQLiteDatabase(path: Self.sqlitePath(in: folder), readers: connections, migrations: Schema.migrations)
        case .postgreSQL(let address):
            // Readers and the writer come from one pool; the writer's turn is taken inside it.
            try PostgreSQLDatabase(address: address, connections: connections + 1, migrations: Schema.postgreSQLMigrations)
        }
    }
}
