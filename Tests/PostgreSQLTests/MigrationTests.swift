import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases
import TestSupport

private let history = [
    Migration("001 table", "CREATE TABLE t(x INTEGER PRIMARY KEY)"),
    Migration("002 first row", "INSERT INTO t(x) VALUES (1)"),
]

@Test func instancesStartingAtOnceApplyEachMigrationOnce() throws {
    let address = try TestPostgreSQL.freshAddress()
    let errors = ThreadErrors()

    let finished = runOnThreads(4, errors: errors) { _ in
        _ = try PostgreSQLDatabase(address: address, connections: 1, migrations: history)
    }

    #expect(finished)
    #expect(errors.all == [])
    let database = try PostgreSQLDatabase(address: address, migrations: history)
    #expect(try database.read { try $0.column("t") } == [1])
    #expect(try database.read { try $0.count("schema_migrations") } == 2)
}

@Test func reopeningAppliesOnlyTheNewMigrations() throws {
    let address = try TestPostgreSQL.freshAddress()
    _ = try PostgreSQLDatabase(address: address, migrations: history)

    let later = history + [Migration("003 second row", "INSERT INTO t(x) VALUES (2)")]
    let database = try PostgreSQLDatabase(address: address, migrations: later)

    #expect(try database.read { try $0.column("t") } == [1, 2])
}

@Test func aDatabaseWithAMigrationThisProgramDoesNotKnowIsRefused() throws {
    let address = try TestPostgreSQL.freshAddress()
    _ = try PostgreSQLDatabase(address: address, migrations: history)

    let error = #expect(throws: DatabaseError.self) {
        try PostgreSQLDatabase(address: address, migrations: Array(history.prefix(1)))
    }

    #expect(error?.kind == .newerSchema)
    #expect(error?.message.contains("002 first row") == true)
}

@Test func aFailingMigrationLeavesNoTraceAndNamesItself() throws {
    let address = try TestPostgreSQL.freshAddress()
    let broken = [history[0], Migration("002 broken", "CREATE TABLE u(y INTEGER); INSERT INTO nowhere VALUES (1)")]

    let error = #expect(throws: DatabaseError.self) { try PostgreSQLDatabase(address: address, migrations: broken) }

    #expect(error?.message.hasPrefix("migration \"002 broken\" failed") == true)
    let database = try PostgreSQLDatabase(address: address, migrations: Array(history.prefix(1)))
    let tables = try database.read {
        try $0.fetchAll("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1") { try $0[0] as String }
    }
    #expect(tables == ["schema_migrations", "t"])
}

@Test func migrationsMayRunPastTheStatementTimeoutWhichThenAppliesAgain() throws {
    let slow = [Migration("001 slow", "SELECT pg_sleep(0.6)")]

    let database = try TestPostgreSQL.freshDatabase(migrations: slow, statementTimeout: .milliseconds(300))

    let error = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELECT pg_sleep(0.6)") } }
    #expect(error?.kind == .timeout)
}
