import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases

// A read of one statement, run by the database itself rather than inside `read`.

@Test(arguments: allEngines)
func aStatementAloneSeesWhatWasCommitted(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1)), (\(2))") }

    #expect(try database.fetchAll("SELECT x FROM t ORDER BY x") { try $0[0] as Int } == [1, 2])
    #expect(try database.fetchValue("SELECT max(x) FROM t") as Int? == 2)
    #expect(try database.fetchOne("SELECT x FROM t WHERE x = \(3)") == nil)
}

@Test(arguments: allEngines)
func aStatementAloneRefusesToWriteAndChangesNothing(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    let error = #expect(throws: DatabaseError.self) {
        try database.fetchOne("INSERT INTO t(x) VALUES (\(1)) RETURNING x")
    }

    // SQLite: its readers are opened read-only; PostgreSQL: "cannot execute INSERT in a read-only transaction".
    #expect(error?.code == (engine == .sqlite ? "8" : "25006"))
    #expect(try database.read { try $0.count("t") } == 0)
}

@Test func aStatementAloneRunsOutsideAnyTransaction() throws {
    let database = try TestPostgreSQL.freshDatabase()

    // Inside `read` the snapshot is REPEATABLE READ; a lone statement is its own transaction.
    #expect(try database.fetchValue("SELECT current_setting('transaction_isolation')") as String? == "read committed")
    #expect(try database.read { try $0.fetchValue("SELECT current_setting('transaction_isolation')") as String? } == "repeatable read")
}

@Test func aStatementAloneWorksAgainAfterTheServerRestarts() throws {
    let server = try ThrowawayPostgreSQL()
    let database = try PostgreSQLDatabase(url: server.url, connections: 1, migrations: tableOfIntegers)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    try server.restart()

    // Its idle connection was cut: the statement is tried once more, on a new one.
    #expect(try database.fetchValue("SELECT count(*) FROM t") as Int? == 1)
}

@Test func outsideTransactionMayWriteAndLeavesTheConnectionReadOnlyAgain() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers, connections: 1)

    try database.outsideTransaction { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    // The one connection, lent again: a lone statement still cannot write.
    let error = #expect(throws: DatabaseError.self) {
        try database.fetchOne("INSERT INTO t(x) VALUES (\(2)) RETURNING x")
    }
    #expect(error?.code == "25006")
    #expect(try database.fetchAll("SELECT x FROM t") { try $0[0] as Int } == [1])
}
