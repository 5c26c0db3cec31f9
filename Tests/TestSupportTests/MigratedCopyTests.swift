import Foundation
import PostgreSQL
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport
import Testing

/// The fixtures' databases copied from one migrated once (`TestDatabase.placeSQLite`,
/// `TestPostgreSQL.freshAddress(migratedBy:)`) are what migrating a new one leaves, and each
/// copy is a database of its own.
@Suite struct MigratedCopyTests {
    private static let places = Migration("001-places", "CREATE TABLE places(name TEXT NOT NULL);")
    private static let visits = Migration("002-visits", "CREATE TABLE visits(place TEXT NOT NULL);")
    private static let seeded = Migration("002-seeded", "INSERT INTO places(name) VALUES ('Bergen');")

    @Test func aPlacedSQLiteFileIsWhatMigratingANewOneLeavesPrivateAndItsOwn() throws {
        // setup
        let folder = try TemporaryFolder()
        let migrated = try TestDatabase.freshSQLite(migrations: [Self.places, Self.visits])

        // MUT
        let first = folder.file("first/library.sqlite")
        let second = folder.file("second/library.sqlite")
        try TestDatabase.placeSQLite(at: first, migratedBy: [Self.places, Self.visits])
        try TestDatabase.placeSQLite(at: second, migratedBy: [Self.places, Self.visits])

        // validate
        let one = try SQLiteDatabase(path: first, migrations: [Self.places, Self.visits])
        let other = try SQLiteDatabase(path: second)
        #expect(try schema(of: one) == schema(of: migrated))
        #expect(try schema(of: other) == schema(of: migrated))
        try one.write { try $0.execute("INSERT INTO places(name) VALUES ('Oslo')") }
        #expect(try other.read { try $0.fetchValue("SELECT count(*) FROM places") as Int? } == 0)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }

    @Test func otherMigrationsAreCopiedFromAnotherFile() throws {
        // setup
        let folder = try TemporaryFolder()

        // MUT
        try TestDatabase.placeSQLite(at: folder.file("a.sqlite"), migratedBy: [Self.places])
        try TestDatabase.placeSQLite(at: folder.file("b.sqlite"), migratedBy: [Self.places, Self.seeded])

        // validate
        #expect(try SQLiteDatabase(path: folder.file("a.sqlite")).fetchAll("SELECT name FROM places").isEmpty)
        #expect(try SQLiteDatabase(path: folder.file("b.sqlite")).fetchAll("SELECT name FROM places").count == 1)
    }

    @Test func aPostgreSQLCopyIsWhatMigratingANewOneLeavesAndItsOwn() throws {
        // setup
        let migrated = try TestPostgreSQL.freshDatabase(migrations: [Self.places, Self.seeded])

        // MUT
        let one = try PostgreSQLDatabase(
            address: TestPostgreSQL.freshAddress(migratedBy: [Self.places, Self.seeded]), migrations: [Self.places, Self.seeded])
        let other = try PostgreSQLDatabase(address: TestPostgreSQL.freshAddress(migratedBy: [Self.places, Self.seeded]))

        // validate
        let tables: SQL = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name"
        #expect(try one.fetchAll(tables).map { try $0[0] as String } == migrated.fetchAll(tables).map { try $0[0] as String })
        #expect(try one.fetchAll("SELECT name FROM places").map { try $0[0] as String } == ["Bergen"])
        try one.write { try $0.execute("INSERT INTO places(name) VALUES ('Oslo')") }
        #expect(try other.fetchAll("SELECT name FROM places").map { try $0[0] as String } == ["Bergen"])
        #expect(one.address.database != other.address.database)
    }

    private func schema(of database: SQLiteDatabase) throws -> [String] {
        try database.read { connection in
            try connection.fetchAll("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name") {
                try $0[0] as String
            } + connection.fetchAll("SELECT name FROM schema_migrations ORDER BY rowid") { try $0[0] as String }
        }
    }
}
