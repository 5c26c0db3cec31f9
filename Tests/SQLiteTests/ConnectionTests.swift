import Testing
@testable import SQLite
import SQLDatabase
import TestSupport

@Test func writerPragmasAreInEffect() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        #expect(try connection.fetchValue("PRAGMA journal_mode") as String? == "wal")
        #expect(try connection.fetchValue("PRAGMA synchronous") as Int? == 2)
        #expect(try connection.fetchValue("PRAGMA foreign_keys") as Int? == 1)
        #expect(try connection.fetchValue("PRAGMA busy_timeout") as Int? == 5000)
    }
}

@Test func databaseConnectionsHaveThePragmasInEffect() throws {
    try TemporaryFolder.with { folder in
        let database = try SQLiteDatabase(path: folder.file("db.sqlite"), readers: 1)
        try database.write { connection throws in
            #expect(try connection.fetchValue("PRAGMA journal_mode") as String? == "wal")
            #expect(try connection.fetchValue("PRAGMA synchronous") as Int? == 2)
            #expect(try connection.fetchValue("PRAGMA foreign_keys") as Int? == 1)
        }
        try database.read { connection throws in
            #expect(try connection.fetchValue("PRAGMA journal_mode") as String? == "wal")
            #expect(try connection.fetchValue("PRAGMA foreign_keys") as Int? == 1)
        }
    }
}

@Test func foreignKeyViolationIsRefused() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript(
            """
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(parent_id INTEGER NOT NULL REFERENCES parent(id));
            """)

        let error = #expect(throws: DatabaseError.self) {
            try connection.execute("INSERT INTO child(parent_id) VALUES (\(42))")
        }

        #expect(error?.isConstraintViolation == true)
        #expect(error?.message == "FOREIGN KEY constraint failed")
    }
}

@Test func readerConnectionRefusesWrites() throws {
    try TemporaryFolder.with { folder in
        let database = try SQLiteDatabase(
            path: folder.file("db.sqlite"), readers: 1,
            migrations: [
                Migration("1", "CREATE TABLE t(x)")
            ])

        let error = #expect(throws: DatabaseError.self) {
            try database.read { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
        }

        #expect(error?.resultCode == 8)
    }
}

@Test func runningTheSameSqlRepeatedlyCachesOneStatement() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(x INTEGER)")
        #expect(connection.cachedStatementCount == 0)

        for value in 0..<100 {
            try connection.execute("INSERT INTO t(x) VALUES (\(value))")
        }

        #expect(connection.cachedStatementCount == 1)
        #expect(try connection.fetchValue("SELECT sum(x) FROM t") as Int? == 4950)
    }
}

@Test func cachedStatementSeesSchemaChanges() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        #expect(try connection.fetchOne("SELECT * FROM t")?.columnNames == ["a"])

        try connection.executeScript("ALTER TABLE t ADD COLUMN b")

        #expect(try connection.fetchOne("SELECT * FROM t")?.columnNames == ["a", "b"])
    }
}
