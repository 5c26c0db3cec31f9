import Testing
import SQLDatabase
import SQLite
import TestSupport

@Test func uniqueViolationCarriesCodeMessageAndSqlButNotTheValues() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(name TEXT UNIQUE)")
        let secret = "hunter2"
        try connection.execute("INSERT INTO t(name) VALUES (\(secret))")

        let error = #expect(throws: DatabaseError.self) {
            try connection.execute("INSERT INTO t(name) VALUES (\(secret))")
        }

        #expect(error?.resultCode == 19)
        #expect(error?.isConstraintViolation == true)
        #expect(error?.isBusy == false)
        #expect(error?.message == "UNIQUE constraint failed: t.name")
        #expect(error?.sql == "INSERT INTO t(name) VALUES (?)")
        #expect(error?.description == "SQLite error 19 (constraint): UNIQUE constraint failed: t.name — in: INSERT INTO t(name) VALUES (?)")
        #expect(error?.description.contains(secret) == false)
    }
}

@Test func syntaxErrorCarriesCodeOneAndTheSql() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))

        let error = #expect(throws: DatabaseError.self) { try connection.execute("SELEC 1") }

        #expect(error?.resultCode == 1)
        #expect(error?.sql == "SELEC 1")
        #expect(error?.message.contains("syntax error") == true)
    }
}

@Test func scriptErrorCarriesTheScript() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        let script = "CREATE TABLE a(x); INSERT INTO missing VALUES (1);"

        let error = #expect(throws: DatabaseError.self) { try connection.executeScript(script) }

        #expect(error?.resultCode == 1)
        #expect(error?.message == "no such table: missing")
        #expect(error?.sql == script)
    }
}

@Test func wrongArgumentCountIsRefused() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))

        let error = #expect(throws: DatabaseError.self) {
            try connection.execute("SELECT \(raw: "?"), \(1)")
        }

        #expect(error?.resultCode == 25)
    }
}

@Test func severalStatementsInExecuteAreRefused() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))

        let error = #expect(throws: DatabaseError.self) {
            try connection.execute("CREATE TABLE a(x); CREATE TABLE b(x)")
        }

        #expect(error?.resultCode == 21)
        #expect(try connection.fetchValue("SELECT count(*) FROM sqlite_schema") as Int? == 0)
    }
}

@Test func statementIsReusableAfterAFailure() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(name TEXT UNIQUE)")
        try connection.execute("INSERT INTO t(name) VALUES (\("a"))")
        #expect(throws: DatabaseError.self) { try connection.execute("INSERT INTO t(name) VALUES (\("a"))") }

        try connection.execute("INSERT INTO t(name) VALUES (\("b"))")

        #expect(try connection.count("t") == 2)
    }
}

@Test func openingInAMissingFolderThrowsAClearError() throws {
    try TemporaryFolder.with { folder in
        let path = folder.file("missing/db.sqlite")

        let error = #expect(throws: DatabaseError.self) { try SQLiteDatabase(path: path) }

        #expect(error?.resultCode == 14)
        #expect(error?.message.contains("does not exist") == true)
    }
}
