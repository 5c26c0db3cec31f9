import Testing
import SQLDatabase
import SQLite
import TestSupport

private func connectionWithTable(in folder: TemporaryFolder) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
    try connection.executeScript("CREATE TABLE t(x INTEGER)")
    return connection
}

@Test func transactionCommitsAndReturnsTheBodysValue() throws {
    try TemporaryFolder.with { folder in
        let connection = try connectionWithTable(in: folder)

        let id = try connection.transaction {
            try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            return connection.lastInsertedRowID
        }

        #expect(id == 1)
        #expect(try connection.count("t") == 1)
    }
}

@Test func transactionRollsBackWhenTheBodyThrows() throws {
    try TemporaryFolder.with { folder in
        let connection = try connectionWithTable(in: folder)

        #expect(throws: TestFailure.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t(x) VALUES (\(1))")
                throw TestFailure(description: "changed my mind")
            }
        }

        #expect(try connection.count("t") == 0)
    }
}

@Test func nestedTransactionRollsBackOnlyItsSavepoint() throws {
    try TemporaryFolder.with { folder in
        let connection = try connectionWithTable(in: folder)
        var innerError: (any Error)?

        // do/catch rather than #expect(throws:): Swift 6.3.1 gave the closure inside that
        // macro and the next closure here the same symbol, so the wrong body ran.
        try connection.transaction {
            try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            do {
                try connection.transaction {
                    try connection.execute("INSERT INTO t(x) VALUES (\(2))")
                    throw TestFailure(description: "inner failure")
                }
            } catch {
                innerError = error
            }
            try connection.transaction {
                try connection.execute("INSERT INTO t(x) VALUES (\(3))")
            }
        }

        #expect(innerError is TestFailure)
        let values = try connection.fetchAll("SELECT x FROM t ORDER BY x") { try $0[0] as Int }
        #expect(values == [1, 3])
    }
}

@Test func databaseWriteCommits() throws {
    try TemporaryFolder.with { folder in
        let database = try SQLiteDatabase(
            path: folder.file("db.sqlite"),
            migrations: [
                Migration("1", "CREATE TABLE t(x INTEGER)")
            ])

        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(5))") }

        #expect(try database.read { try $0.count("t") } == 1)
    }
}

@Test func databaseWriteRollsBackWhenTheBodyThrows() throws {
    try TemporaryFolder.with { folder in
        let database = try SQLiteDatabase(
            path: folder.file("db.sqlite"),
            migrations: [
                Migration("1", "CREATE TABLE t(x INTEGER UNIQUE)")
            ])

        #expect(throws: DatabaseError.self) {
            try database.write { connection in
                try connection.execute("INSERT INTO t(x) VALUES (\(1))")
                try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            }
        }

        #expect(try database.read { try $0.count("t") } == 0)
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
        #expect(try database.read { try $0.count("t") } == 1)
    }
}
