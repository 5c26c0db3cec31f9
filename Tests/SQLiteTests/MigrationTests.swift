import Testing
import SQLDatabase
import SQLite
import TestSupport

private let createPlaces = Migration(
    "001-create-places",
    """
    CREATE TABLE places(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    """)
private let addCountry = Migration(
    "002-add-country",
    """
    ALTER TABLE places ADD COLUMN country TEXT;
    INSERT INTO places(name, country) VALUES ('Bergen', 'NO');
    """)
private let addVisits = Migration(
    "003-create-visits",
    """
    CREATE TABLE visits(place_id INTEGER NOT NULL REFERENCES places(id));
    """)

private func recordedMigrations(_ database: SQLiteDatabase) throws -> [String] {
    try database.read { try $0.fetchAll("SELECT name FROM schema_migrations ORDER BY rowid") { try $0[0] as String } }
}

private func tableExists(_ name: String, in database: SQLiteDatabase) throws -> Bool {
    try database.read { connection in
        try connection.fetchValue("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = \(name)") == 1
    }
}

@Test func migrationsRunInOrderAndAreRecorded() throws {
    try TemporaryFolder.with { folder in
        let database = try SQLiteDatabase(path: folder.file("db.sqlite"), migrations: [createPlaces, addCountry])

        #expect(try recordedMigrations(database) == ["001-create-places", "002-add-country"])
        let country: String? = try database.read { try $0.fetchValue("SELECT country FROM places") }
        #expect(country == "NO")
        let appliedAt: String? = try database.read { try $0.fetchValue("SELECT applied_at FROM schema_migrations") }
        #expect(appliedAt?.hasSuffix("Z") == true)
    }
}

@Test func reopeningSkipsAppliedMigrationsAndRunsNewOnes() throws {
    try TemporaryFolder.with { folder in
        let path = folder.file("db.sqlite")
        _ = try SQLiteDatabase(path: path, migrations: [createPlaces, addCountry])

        // Rerunning 001 or 002 would fail: the table and column exist already.
        _ = try SQLiteDatabase(path: path, migrations: [createPlaces, addCountry])
        let database = try SQLiteDatabase(path: path, migrations: [createPlaces, addCountry, addVisits])

        #expect(try recordedMigrations(database) == ["001-create-places", "002-add-country", "003-create-visits"])
        #expect(try database.read { try $0.count("places") } == 1)
        #expect(try tableExists("visits", in: database))
    }
}

@Test func unknownRecordedMigrationIsRefused() throws {
    try TemporaryFolder.with { folder in
        let path = folder.file("db.sqlite")
        _ = try SQLiteDatabase(path: path, migrations: [createPlaces, addCountry, addVisits])

        let error = #expect(throws: DatabaseError.self) {
            try SQLiteDatabase(path: path, migrations: [createPlaces, addCountry])
        }

        #expect(error?.message.contains("003-create-visits") == true)
        #expect(error?.message.contains("newer version") == true)
    }
}

@Test func failingMigrationLeavesNoRecordAndNoHalfSchema() throws {
    try TemporaryFolder.with { folder in
        let path = folder.file("db.sqlite")
        let broken = Migration(
            "002-broken",
            """
            CREATE TABLE half(x);
            CREATE TABLE oops(;
            """)

        let error = #expect(throws: DatabaseError.self) {
            try SQLiteDatabase(path: path, migrations: [createPlaces, broken])
        }

        #expect(error?.resultCode == 1)
        #expect(error?.message.contains("002-broken") == true)
        let database = try SQLiteDatabase(path: path, migrations: [createPlaces])
        #expect(try recordedMigrations(database) == ["001-create-places"])
        #expect(try tableExists("half", in: database) == false)
    }
}

@Test func duplicateMigrationNamesAreRefused() throws {
    try TemporaryFolder.with { folder in
        #expect(throws: DatabaseError.self) {
            try SQLiteDatabase(path: folder.file("db.sqlite"), migrations: [createPlaces, createPlaces])
        }
    }
}
