import Dispatch
import Testing
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport

private func databaseWithTable(in folder: TemporaryFolder, readers: Int) throws -> Database {
    try SQLiteDatabase(
        path: folder.file("db.sqlite"), readers: readers,
        migrations: [
            Migration("001", "CREATE TABLE t(x INTEGER NOT NULL)")
        ])
}

@Test func readsSeeCommittedWrites() throws {
    try TemporaryFolder.with { folder in
        let database = try databaseWithTable(in: folder, readers: 2)

        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

        #expect(try database.read { try $0.count("t") } == 1)
    }
}

@Test func twoReadersAreInsideTheirBodiesAtTheSameTime() throws {
    try TemporaryFolder.with { folder in
        let database = try databaseWithTable(in: folder, readers: 2)
        let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let errors = ThreadErrors()

        let finished = runOnThreads(2, errors: errors) { index in
            try database.read { connection in
                entered[index].signal()
                // Only returns once the other reader is inside its body too.
                guard entered[1 - index].wait(timeout: .now() + 30) == .success else {
                    throw TestFailure(description: "reader \(index) never saw the other reader inside")
                }
                _ = try connection.count("t")
            }
        }

        #expect(finished)
        #expect(errors.all == [])
    }
}

@Test func readerKeepsItsSnapshotWhileAWriteCommits() throws {
    try TemporaryFolder.with { folder in
        let database = try databaseWithTable(in: folder, readers: 2)
        try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
        let errors = ThreadErrors()

        let (before, after) = try database.read { connection in
            let before = try connection.count("t")
            let committed = runOnThreads(1, errors: errors) { _ in
                try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(2))") }
            }
            #expect(committed)
            return (before, try connection.count("t"))
        }

        #expect(errors.all == [])
        #expect(before == 1)
        #expect(after == 1)
        #expect(try database.read { try $0.count("t") } == 2)
    }
}

@Test func writesFromOneThreadWhileOthersRead() throws {
    try TemporaryFolder.with { folder in
        let database = try databaseWithTable(in: folder, readers: 3)
        let writes = 50
        let errors = ThreadErrors()

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

        #expect(finished)
        #expect(errors.all == [])
        #expect(try database.read { try $0.count("t") } == writes)
    }
}
