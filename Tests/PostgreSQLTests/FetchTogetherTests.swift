import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases

// Several queries read at once: `Database.fetch(_:)`.

private let numbers = Query(all: "SELECT x FROM t ORDER BY x") { try $0[0] as Int }
private let largest = Query<Int?>(value: "SELECT max(x) FROM t")

@Test(arguments: allEngines)
func queriesReadTogetherGiveWhatEachGivesAlone(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1)), (\(2)), (\(3))") }
    let missing = Query<Int?>(value: "SELECT x FROM t WHERE x = \(9)")

    let (all, most, none) = try database.fetch(numbers, largest, missing)

    #expect(all == [1, 2, 3])
    #expect(most == 3)
    #expect(none == nil)
    let alone = try database.fetch(largest)
    #expect(alone == 3)
}

@Test(arguments: allEngines)
func aFailingQueryFailsTheReadNamingItAndTheConnectionGoesOn(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    let broken = Query<Int?>(value: "SELECT x FROM no_such_table")

    let error = #expect(throws: DatabaseError.self) { try database.fetch(numbers, broken, largest) }

    #expect(error?.sql == "SELECT x FROM no_such_table")
    #expect(try database.fetch(numbers, largest) == ([], nil))
}

@Test(arguments: allEngines)
func queriesReadTogetherCannotWrite(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    let insert = Query<Int?>(value: "INSERT INTO t(x) VALUES (\(1)) RETURNING x")

    let error = #expect(throws: DatabaseError.self) { try database.fetch(numbers, insert) }

    #expect(error?.code == (engine == .sqlite ? "8" : "25006"))
    #expect(try database.read { try $0.count("t") } == 0)
}

@Test func queriesReadTogetherShareOneRepeatableReadTransaction() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 1)
    // now() is when the transaction began; the second query starts later than the first.
    let began = Query<String?>(value: "SELECT CAST(now() AS text)")
    let beganAfterAPause = Query<String?>(value: "SELECT CAST(now() AS text) FROM pg_sleep(0.05)")
    let isolation = Query<String?>(value: "SELECT current_setting('transaction_isolation')")

    let (first, second, level) = try database.fetch(began, beganAfterAPause, isolation)

    #expect(first != nil && first == second)
    #expect(level == "repeatable read")
    // The one connection was left between transactions: a write goes through.
    try database.outsideTransaction { try $0.execute("SELECT 1") }
}

@Test func queriesReadTogetherWorkAgainAfterTheServerRestarts() throws {
    let server = try ThrowawayPostgreSQL()
    let database = try PostgreSQLDatabase(url: server.url, connections: 1, migrations: tableOfIntegers)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    try server.restart()

    let (all, most) = try database.fetch(numbers, largest)
    #expect(all == [1])
    #expect(most == 1)
}
