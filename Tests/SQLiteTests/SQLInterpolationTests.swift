import Testing
import SQLDatabase
import SQLite
import TestSupport

@Test func interpolatedValuesBecomeBoundArguments() {
    let name = "Ada"
    let age = 36
    let sql: SQL = "SELECT * FROM people WHERE name = \(name) AND age > \(age)"
    #expect(sql.text == "SELECT * FROM people WHERE name = ? AND age > ?")
    #expect(sql.arguments == [.text("Ada"), .integer(36)])
}

@Test func rawInsertsTextVerbatimAndSqlSplicesArguments() {
    let filter: SQL = "age > \(18) AND city = \("Oslo")"
    let sql: SQL = "SELECT name FROM \(raw: "people") WHERE \(sql: filter) LIMIT \(10)"
    #expect(sql.text == "SELECT name FROM people WHERE age > ? AND city = ? LIMIT ?")
    #expect(sql.arguments == [.integer(18), .text("Oslo"), .integer(10)])
}

@Test func plusJoinsTextAndArgumentsInOrder() {
    let joined: SQL = "SELECT * FROM t WHERE a = \(1)" + " AND b = \(2)"
    #expect(joined.text == "SELECT * FROM t WHERE a = ? AND b = ?")
    #expect(joined.arguments == [.integer(1), .integer(2)])
}

@Test func hostileStringRoundTripsAsData() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(name TEXT)")
        let hostile = "'); DROP TABLE t; --"

        try connection.execute("INSERT INTO t(name) VALUES (\(hostile))")

        let stored: String? = try connection.fetchValue("SELECT name FROM t")
        #expect(stored == hostile)
        #expect(try connection.count("t") == 1)
    }
}

@Test func splicedFragmentsRunAgainstTheDatabase() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(a INTEGER, b TEXT)")
        for (a, b) in [(1, "x"), (2, "y"), (3, "x")] {
            try connection.execute("INSERT INTO t(a, b) VALUES (\(a), \(b))")
        }
        let condition: SQL = "b = \("x")"

        let values = try connection.fetchAll(
            "SELECT \(raw: "a") FROM t WHERE \(sql: condition)" + " ORDER BY a DESC"
        ) { try $0["a"] as Int }

        #expect(values == [3, 1])
    }
}
