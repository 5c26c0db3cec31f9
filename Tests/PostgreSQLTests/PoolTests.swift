import Dispatch
import Foundation
import Synchronization
import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases
import TestSupport

@Test func aBorrowerBeyondTheLimitWaitsThenIsUnavailable() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 2, connectTimeout: .seconds(1))
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let errors = ThreadErrors()
    let holders = DispatchGroup()
    holders.enter()
    Thread.detachNewThread {
        defer { holders.leave() }
        _ = runOnThreads(2, errors: errors) { _ in
            try database.read { _ in
                inside.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }
    }
    #expect(inside.wait(timeout: .now() + 10) == .success)
    #expect(inside.wait(timeout: .now() + 10) == .success)
    var error: DatabaseError?

    let seconds = secondsTaken {
        error = #expect(throws: DatabaseError.self) { try database.read { _ in } }
    }
    release.signal()
    release.signal()
    holders.wait()

    #expect(error?.kind == .unavailable)
    #expect(error?.message == "all 2 database connections are busy")
    #expect(seconds >= 0.9 && seconds < 5)
    #expect(errors.all == [])
    #expect(try database.read { try $0.fetchValue("SELECT 1") as Int? } == 1)
}

@Test func connectionsAreOpenedOnlyWhenNeededAndNeverBeyondTheLimit() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 3)
    let backends: SQL = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
    #expect(try database.read { try $0.fetchValue(backends) as Int? } == 1)
    let errors = ThreadErrors()
    let most = Mutex(0)

    let finished = runOnThreads(6, errors: errors) { _ in
        for _ in 0..<20 {
            let open = try database.read { try $0.fetchValue(backends) as Int? } ?? 0
            most.withLock { $0 = max($0, open) }
        }
    }

    #expect(finished)
    #expect(errors.all == [])
    #expect(most.withLock { $0 } <= 3)
}

@Test func theSameDatabaseWorksAgainAfterTheServerRestarts() throws {
    let server = try ThrowawayPostgreSQL()
    let database = try PostgreSQLDatabase(url: server.url, connections: 2, migrations: tableOfIntegers)
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    try server.restart()

    // Its idle connection was cut: it is replaced without the caller seeing a failure.
    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(2))") }
    #expect(try database.read { try $0.column("t") } == [1, 2])
}

@Test func whileTheServerIsDownTheDatabaseIsUnavailableThenRecoversByItself() throws {
    let server = try ThrowawayPostgreSQL()
    let database = try PostgreSQLDatabase(url: server.url, connections: 2)

    try server.pause()
    let error = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELECT 1") } }
    try server.resume()

    #expect(error?.kind == .unavailable)
    #expect(error.map { "\($0)".contains(server.url) } == false)
    #expect(try database.read { try $0.fetchValue("SELECT 1") as Int? } == 1)
}

@Test func aConnectionCutInTheMiddleOfABodyFailsThatBodyAsUnavailableOnly() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 2)

    let error = #expect(throws: DatabaseError.self) {
        try database.read { connection in
            let pid: Int = try connection.fetchValue("SELECT pg_backend_pid()") ?? 0
            // Integers go as bigint, and the function takes an integer.
            try database.outsideTransaction { try $0.execute("SELECT pg_terminate_backend(CAST(\(pid) AS integer))") }
            try connection.execute("SELECT 1")
        }
    }

    #expect(error?.kind == .unavailable)
    #expect(try database.read { try $0.fetchValue("SELECT 1") as Int? } == 1)
}
