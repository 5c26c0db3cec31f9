import Testing
import SQLDatabase
import SQLite
import TestSupport

// Migrations recorded in `user_version` (a file whose tables are all its own, as a vacation
// document): the number of migrations applied, no bookkeeping table.

private let first = Migration("1-places", "CREATE TABLE places(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
private let second = Migration("2-country", "ALTER TABLE places ADD COLUMN country TEXT")
private let broken = Migration("3-broken", "CREATE TABLE visits(id INTEGER PRIMARY KEY); SELECT * FROM no_such_table")

private func version(of connection: SQLiteConnection) throws -> Int? {
    try connection.fetchValue("PRAGMA user_version")
}

private func tables(of connection: SQLiteConnection) throws -> [String] {
    try connection.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { try $0[0] as String }
}

@Test func aFileOfAnEarlierVersionGetsTheRestAndSaysItsNewVersion() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("doc"), journal: .rollback)
        try Migrator(migrations: [first], record: .userVersion).migrate(connection)
        #expect(try version(of: connection) == 1)

        try Migrator(migrations: [first, second], record: .userVersion).migrate(connection)
        try Migrator(migrations: [first, second], record: .userVersion).migrate(connection)

        #expect(try version(of: connection) == 2)
        #expect(try tables(of: connection) == ["places"], "no bookkeeping table")
        try connection.execute("INSERT INTO places(name, country) VALUES ('Bergen', 'NO')")
    }
}

@Test func aFileOfALaterVersionIsRefusedAndLeftAsItWas() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("doc"), journal: .rollback)
        try Migrator(migrations: [first, second], record: .userVersion).migrate(connection)

        let error = #expect(throws: DatabaseError.self) { try Migrator(migrations: [first], record: .userVersion).migrate(connection) }

        #expect(error?.kind == .newerSchema)
        #expect(error?.message.hasPrefix("it is of version 2, and this program knows versions up to 1") == true)
        #expect(try version(of: connection) == 2)
    }
}

@Test func aFailingMigrationLeavesTheVersionAndTheTablesAsBefore() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("doc"), journal: .rollback)
        try Migrator(migrations: [first], record: .userVersion).migrate(connection)

        let error = #expect(throws: DatabaseError.self) {
            try Migrator(migrations: [first, second, broken], record: .userVersion).migrate(connection)
        }

        #expect(error?.message.hasPrefix("migration \"3-broken\" failed") == true)
        #expect(try version(of: connection) == 2, "the second applied and was recorded; the third neither")
        #expect(try tables(of: connection) == ["places"])
    }
}
