import Dispatch
import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases
import TestSupport

@Test func writesFromManyThreadsAndTwoInstancesAreTakenInTurn() throws {
    let address = try TestPostgreSQL.freshAddress()
    let migrations = [Migration("001", "CREATE TABLE counter(n INTEGER NOT NULL); INSERT INTO counter(n) VALUES (0)")]
    let instances = try (0..<2).map { _ in try PostgreSQLDatabase(address: address, connections: 4, migrations: migrations) }
    let errors = ThreadErrors()

    // Read, then write what was read plus one: only correct if no other write comes between.
    let finished = runOnThreads(8, errors: errors) { thread in
        for _ in 0..<50 {
            try instances[thread % 2].write { connection in
                let n: Int = try connection.fetchValue("SELECT n FROM counter") ?? -1000
                try connection.execute("UPDATE counter SET n = \(n + 1)")
            }
        }
    }

    #expect(finished)
    #expect(errors.all == [])
    #expect(try instances[0].read { try $0.fetchValue("SELECT n FROM counter") as Int? } == 400)
}

@Test func twoReadsAreInsideTheirBodiesAtTheSameTime() throws {
    let database = try TestPostgreSQL.freshDatabase(connections: 2)
    let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let errors = ThreadErrors()

    let finished = runOnThreads(2, errors: errors) { index in
        try database.read { connection in
            entered[index].signal()
            guard entered[1 - index].wait(timeout: .now() + 30) == .success else {
                throw TestFailure(description: "read \(index) never saw the other one inside")
            }
            _ = try connection.fetchAll("SELECT 1")
        }
    }

    #expect(finished)
    #expect(errors.all == [])
}

@Test func aReadRunsWhileAWriteIsOpen() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers, connections: 2)
    let errors = ThreadErrors()

    try database.write { connection in
        try connection.execute("INSERT INTO t(x) VALUES (\(1))")
        let finished = runOnThreads(1, errors: errors) { _ in
            let seen = try database.read { try $0.count("t") }
            guard seen == 0 else { throw TestFailure(description: "a read saw an uncommitted row") }
        }
        #expect(finished)
    }

    #expect(errors.all == [])
}
