import Foundation
@testable import PostgreSQL
import SQLDatabase
import Testing
import TestDatabases
import TestSupport

/// `Database.changeStamp()`: what tells a cache its values are stale, on both engines.

@Test func aWriteThatChangedARowMovesSQLitesStampAtOnce() throws {
    // Other processes' commits are looked for once an hour here: only the write itself can move it.
    let database = try TestDatabase.freshSQLite(migrations: tableOfIntegers, changeCheckInterval: .seconds(3600))
    let before = try #require(database.changeStamp())

    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    // No waiting: a page asked for right after a form was sent must not be the kept one.
    let after = try #require(database.changeStamp())
    #expect(after > before)
}

@Test func aWriteThatChangedARowMovesPostgreSQLsStampAtOnce() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)
    _ = try TestDatabase.settledStamp(of: database)

    // The write's own notice is held back: only the write itself can move the stamp.
    let (before, after) = try database.holdingChangeNotices {
        let before = try #require(database.changeStamp())
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
        return (before, try #require(database.changeStamp()))
    }

    #expect(after > before)
}

@Test func aListenerThatHearsNothingMakesTheStampUnknownUntilItHearsAgain() throws {
    // What a network gone quiet (or a transaction pooler) looks like: nothing comes back,
    // not even the listener's own heartbeat.
    let database = try TestPostgreSQL.freshDatabase()
    let before = try TestDatabase.settledStamp(of: database)

    let becameUnknown = database.holdingChangeNotices { eventually(within: 5) { database.changeStamp() == nil } }

    #expect(becameUnknown)
    #expect(eventually { (database.changeStamp() ?? 0) > before }, "heard again, it moves: notices may have been missed")
}

@Test(arguments: allEngines)
func aWriteThatChangedNothingLeavesTheStamp(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    let before = try TestDatabase.settledStamp(of: database)

    try database.write { try $0.execute("DELETE FROM t WHERE x = \(42)") }
    let claim: SQL = engine == .postgreSQL ? "SELECT x FROM t FOR UPDATE SKIP LOCKED" : "SELECT x FROM t"
    try database.writeLockingOwnRows { _ = try $0.fetchAll(claim) }
    _ = try database.read { try $0.count("t") }

    // Waiting is the point here: neither this process nor a notice may move it later.
    #expect(try TestDatabase.settledStamp(of: database) == before)
}

@Test(arguments: allEngines)
func anotherProcesssWriteMovesTheStamp(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)
    let other = try TestDatabase.another(sameAs: database)
    let before = try TestDatabase.settledStamp(of: database)

    try other.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    #expect(eventually { (database.changeStamp() ?? 0) > before }, "the other's commit is seen within a check interval or a notice")
}

@Test func theFirstStampOfPostgreSQLIsUnknownUntilItListens() throws {
    let database = try TestPostgreSQL.freshDatabase()

    let first = database.changeStamp()

    #expect(first == nil, "the listening connection is opened by the first question")
    #expect(eventually { database.changeStamp() != nil })
}

@Test func aLostListeningConnectionMakesTheStampUnknownThenMovesItOnceBack() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let before = try TestDatabase.settledStamp(of: database)
    let listener: Int = try #require(
        try database.fetchValue(
            """
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND (query LIKE 'LISTEN%' OR query LIKE 'NOTIFY \
            roadtrip_alive_%')
            """
        ))

    // Integers go as bigint, and the function takes an integer.
    try database.outsideTransaction { try $0.execute("SELECT pg_terminate_backend(CAST(\(listener) AS integer))") }

    // Notices sent while it was away are lost, so the stamp must move when it listens again.
    #expect(eventually { database.changeStamp() == nil }, "unknown while nothing listens")
    #expect(eventually { (database.changeStamp() ?? 0) > before })
}
