import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases
import TestSupport

private struct Refusal: Error {}

@Test(arguments: allEngines)
func writeCommitsWhenItsBodyReturns(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    try database.write { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }

    #expect(try database.read { try $0.column("t") } == [1])
}

@Test(arguments: allEngines)
func writeRollsBackWhenItsBodyThrows(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    #expect(throws: Refusal.self) {
        try database.write { connection in
            try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            throw Refusal()
        }
    }

    #expect(try database.read { try $0.count("t") } == 0)
}

@Test(arguments: allEngines)
func aNestedTransactionThatThrowsIsUndoneAndTheOuterPartKept(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    try database.write { connection in
        try connection.execute("INSERT INTO t(x) VALUES (\(1))")
        #expect(throws: Refusal.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t(x) VALUES (\(2))")
                try connection.transaction { try connection.execute("INSERT INTO t(x) VALUES (\(3))") }
                throw Refusal()
            }
        }
        try connection.execute("INSERT INTO t(x) VALUES (\(4))")
    }

    #expect(try database.read { try $0.column("t") } == [1, 4])
}

@Test(arguments: allEngines)
func aFailedStatementInsideANestedTransactionLeavesTheOuterOneUsable(engine: DatabaseEngine) throws {
    let database = try TestDatabase.fresh(engine: engine, migrations: tableOfIntegers)

    try database.write { connection in
        try connection.execute("INSERT INTO t(x) VALUES (\(1))")
        let duplicate = #expect(throws: DatabaseError.self) {
            try connection.transaction { try connection.execute("INSERT INTO t(x) VALUES (\(1))") }
        }
        #expect(duplicate?.kind == .constraint)
        try connection.execute("INSERT INTO t(x) VALUES (\(2))")
    }

    #expect(try database.read { try $0.column("t") } == [1, 2])
}

@Test func aWriteWhoseBodyCaughtAFailedStatementIsRolledBackAndSaysSo() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)

    let error = #expect(throws: DatabaseError.self) {
        try database.write { connection in
            try connection.execute("INSERT INTO t(x) VALUES (\(1))")
            _ = try? connection.execute("INSERT INTO t(x) VALUES (\(1))")
        }
    }

    #expect(error?.code == "25P02")
    #expect(error?.message.contains("rolled back") == true)
    #expect(try database.read { try $0.count("t") } == 0)
}

@Test func aReadRefusesToWrite() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)

    let error = #expect(throws: DatabaseError.self) {
        try database.read { try $0.execute("INSERT INTO t(x) VALUES (\(1))") }
    }

    #expect(error?.kind == .misuse)
    #expect(error?.code == "25006")
}

@Test func aReadKeepsItsSnapshotWhileAWriteCommits() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)
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

@Test func transactionOutsideAnyIsBeginAndCommit() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)

    try database.outsideTransaction { connection in
        try connection.transaction { try connection.execute("INSERT INTO t(x) VALUES (\(1))") }
        #expect(throws: Refusal.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t(x) VALUES (\(2))")
                throw Refusal()
            }
        }
    }

    #expect(try database.read { try $0.column("t") } == [1])
}
