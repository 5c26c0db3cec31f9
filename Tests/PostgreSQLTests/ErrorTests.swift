import Foundation
import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases

private let people = [Migration("001", "CREATE TABLE people(name TEXT PRIMARY KEY, age INTEGER NOT NULL CHECK (age >= 0))")]

@Test func aUniqueViolationIsAConstraintErrorThatQuotesNoValue() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: people)
    let insert: SQL = "INSERT INTO people(name, age) VALUES (\("private-name"), \(30))"
    try database.write { try $0.execute(insert) }

    let error = #expect(throws: DatabaseError.self) { try database.write { try $0.execute(insert) } }

    #expect(error?.kind == .constraint)
    #expect(error?.engine == "PostgreSQL")
    #expect(error?.sqlState == "23505")
    #expect(error?.sql == "INSERT INTO people(name, age) VALUES (?, ?)")
    #expect(error.map { "\($0)".contains("private-name") } == false)
}

@Test func notNullAndCheckViolationsAreConstraintErrors() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: people)

    let notNull = #expect(throws: DatabaseError.self) {
        try database.write { try $0.execute("INSERT INTO people(name, age) VALUES (\("a"), \(Int?.none))") }
    }
    let check = #expect(throws: DatabaseError.self) {
        try database.write { try $0.execute("INSERT INTO people(name, age) VALUES (\("a"), \(-1))") }
    }

    #expect(notNull?.kind == .constraint)
    #expect(notNull?.code == "23502")
    #expect(check?.kind == .constraint)
    #expect(check?.code == "23514")
}

@Test func aSyntaxErrorOrUnknownTableIsMisuseNamingTheStatement() throws {
    let database = try TestPostgreSQL.freshDatabase()

    let syntax = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELEC 1") } }
    let unknown = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELECT * FROM nowhere") } }

    #expect(syntax?.kind == .misuse)
    #expect(syntax?.code == "42601")
    #expect(syntax?.sql == "SELEC 1")
    #expect(unknown?.kind == .misuse)
    #expect(unknown?.code == "42P01")
    #expect(unknown?.message.contains("nowhere") == true)
}

@Test func aValueThatCannotBeReadAsItsTypeIsNotQuotedInTheError() throws {
    let database = try TestPostgreSQL.freshDatabase()

    let error = #expect(throws: DatabaseError.self) {
        try database.read { try $0.execute("SELECT CAST(\("secret-not-a-number") AS integer)") }
    }

    #expect(error?.code == "22P02")
    #expect(error.map { "\($0)".contains("secret") } == false)
}

@Test func aStatementRunningPastTheStatementTimeoutIsCancelled() throws {
    let database = try TestPostgreSQL.freshDatabase(statementTimeout: .milliseconds(300))
    var error: DatabaseError?

    let seconds = secondsTaken {
        error = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELECT pg_sleep(10)") } }
    }

    #expect(error?.kind == .timeout)
    #expect(error?.code == "57014")
    #expect(error?.isUnavailable == true)
    #expect(seconds < 5)
    // The connection is fine afterwards.
    #expect(try database.read { try $0.fetchValue("SELECT 1") as Int? } == 1)
}

@Test func scriptsRunSeveralStatementsAndStopAtTheFirstFailure() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: tableOfIntegers)

    try database.write { try $0.executeScript("INSERT INTO t(x) VALUES (1); INSERT INTO t(x) VALUES (2);") }
    let error = #expect(throws: DatabaseError.self) {
        try database.write { try $0.executeScript("INSERT INTO t(x) VALUES (3); INSERT INTO t(x) VALUES (1);") }
    }

    #expect(error?.kind == .constraint)
    #expect(try database.read { try $0.column("t") } == [1, 2])
}

@Test func anEmptyStatementIsMisuse() throws {
    let database = try TestPostgreSQL.freshDatabase()

    let error = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("  ") } }

    #expect(error?.kind == .misuse)
}

@Test func severalStatementsInOneExecuteAreMisuse() throws {
    let database = try TestPostgreSQL.freshDatabase()

    let error = #expect(throws: DatabaseError.self) { try database.read { try $0.execute("SELECT 1; SELECT 2") } }

    #expect(error?.kind == .misuse)
}
