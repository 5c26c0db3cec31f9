import Foundation
import PostgreSQL
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport
@testable import RoadTrip

/// A library's database as a RoadTrip from before a migration left it, on the engine the test
/// runs on: every migration before `sqlite` (on SQLite) or `postgreSQL` (on PostgreSQL) applied,
/// in `data`'s folder. Open the folder as a `Library` at `location` to upgrade it.
struct LibraryBefore {
    let location: LibraryDatabase
    let database: any Database

    init(sqlite: String, postgreSQL: String, in data: FreshDataFolder) throws {
        try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
        location = try .fresh(for: .current)
        switch location {
        case .sqlite:
            database = try SQLiteDatabase(
                path: LibraryDatabase.sqlitePath(in: data.url), readers: 1,
                migrations: Array(Schema.migrations.prefix { $0.name != sqlite }))
        case .postgreSQL(let address):
            database = try PostgreSQLDatabase(
                address: address, migrations: Array(Schema.postgreSQLMigrations.prefix { $0.name != postgreSQL }))
        }
    }
}
