import Testing
import SQLDatabase
import TestDatabases

@Test func aCachedStatementWhoseTableChangedUnderItIsPreparedAgain() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers, connections: 1)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
    #expect(try database.read { try $0.fetchAll("SELECT * FROM t").first?.columnNames } == ["x"])
    try database.write { try $0.execute("ALTER TABLE t ADD COLUMN y INTEGER") }

    // PostgreSQL refuses the old plan once; this program then prepares it again.
    let refused = #expect(throws: DatabaseError.self) { try database.read { try $0.fetchAll("SELECT * FROM t") } }
    #expect(refused?.code == "0A000")

    #expect(try database.read { try $0.fetchAll("SELECT * FROM t").first?.columnNames } == ["x", "y"])
}

@Test func aConnectionKeepsAtMost256PreparedStatements() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 1)

    let (prepared, sums) = try database.read { connection in
        let sums = try (0..<300).map { n in try connection.fetchValue("SELECT \(raw: String(n)) + \(1)") as Int? }
        return (try connection.fetchValue("SELECT count(*) FROM pg_prepared_statements") as Int?, sums)
    }

    #expect(sums == (0..<300).map { $0 + 1 })
    #expect(try #require(prepared) <= 256)
}
