import Dispatch
import SQLDatabase
import TestDatabases
import TestSupport
import Testing

/// What every engine promises of reads and writes from many threads (`Database`), written once
/// and run on SQLite and on PostgreSQL.
@Suite(.onEachEngine) struct ConcurrencyTests {
    let database: any Database

    init() throws {
        database = try TestDatabase.fresh(engine: try .current, migrations: tableOfIntegers)
    }

    @Test func readsSeeCommittedWrites() throws {
        // MUT
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

        // validate
        #expect(try database.read { try $0.count("t") } == 1)
    }

    @Test func twoReadsAreInsideTheirBodiesAtTheSameTime() throws {
        // setup
        let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let errors = ThreadErrors()

        // MUT: each read returns only once the other is inside its body too
        let finished = runOnThreads(2, errors: errors) { index in
            try database.read { connection in
                entered[index].signal()
                guard entered[1 - index].wait(timeout: .now() + 30) == .success else {
                    throw TestFailure(description: "read \(index) never saw the other one inside")
                }
                _ = try connection.count("t")
            }
        }

        // validate
        #expect(finished)
        #expect(errors.all == [])
    }

    @Test func aReadKeepsWhatItSawWhileAWriteCommits() throws {
        // setup
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
        let errors = ThreadErrors()

        // MUT
        let (before, after) = try database.read { connection in
            let before = try connection.count("t")
            let committed = runOnThreads(1, errors: errors) { _ in
                try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(2))") }
            }
            #expect(committed)
            return (before, try connection.count("t"))
        }

        // validate
        #expect(errors.all == [])
        #expect(before == 1)
        #expect(after == 1)
        #expect(try database.read { try $0.count("t") } == 2)
    }

    @Test func aReadRunsWhileAWriteIsOpenAndSeesNothingOfIt() throws {
        // setup
        let errors = ThreadErrors()

        // MUT
        try database.write { connection in
            try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            let finished = runOnThreads(1, errors: errors) { _ in
                let seen = try database.read { try $0.count("t") }
                guard seen == 0 else { throw TestFailure(description: "a read saw an uncommitted row") }
            }
            #expect(finished)
        }

        // validate
        #expect(errors.all == [])
    }

    @Test func writesFromManyThreadsAndTwoInstancesAreTakenInTurn() throws {
        // setup: the count in one row, and the same database opened a second time
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(0))") }
        let instances = [database, try TestDatabase.another(sameAs: database)]
        let errors = ThreadErrors()

        // MUT: read, then write what was read plus one: only right if no other write comes between
        let finished = runOnThreads(8, errors: errors) { thread in
            for _ in 0..<25 {
                try instances[thread % 2].write { connection in
                    let n: Int = try connection.fetchValue("SELECT x FROM t") ?? -1000
                    try connection.execute("UPDATE t SET x = \(n + 1)")
                }
            }
        }

        // validate
        #expect(finished)
        #expect(errors.all == [])
        #expect(try database.read { try $0.fetchValue("SELECT x FROM t") as Int? } == 200)
    }

    @Test func writesFromOneThreadWhileOthersReadAreSeenWholeAndInOrder() throws {
        // setup
        let writes = 50
        let errors = ThreadErrors()

        // MUT: one thread writes, three read twice in one read each time
        let finished = runOnThreads(4, errors: errors) { index in
            if index == 0 {
                for value in 0..<writes {
                    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(value))") }
                }
                return
            }
            var lastSeen = 0
            for _ in 0..<writes {
                let (count, recount) = try database.read { connection in (try connection.count("t"), try connection.count("t")) }
                guard count == recount, count >= lastSeen else {
                    throw TestFailure(description: "inconsistent reads: \(lastSeen), then \(count), \(recount)")
                }
                lastSeen = count
            }
        }

        // validate
        #expect(finished)
        #expect(errors.all == [])
        #expect(try database.read { try $0.count("t") } == writes)
    }
}
