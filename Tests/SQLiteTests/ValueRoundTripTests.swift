import Foundation
import Testing
import SQLDatabase
import SQLite
import TestSupport

/// Stores `value` in a column without declared type (so nothing is converted) and reads it back.
private func roundTrip<T: SQLBindable & SQLColumnDecodable>(_ value: T) throws -> T {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(v)")
        try connection.execute("INSERT INTO t(v) VALUES (\(value))")
        let row = try #require(try connection.fetchOne("SELECT v FROM t"))
        return try row["v"]
    }
}

@Test func integersRoundTripAtTheirLimits() throws {
    #expect(try roundTrip(Int.max) == Int.max)
    #expect(try roundTrip(Int64.min) == Int64.min)
    #expect(try roundTrip(Int32.min) == Int32.min)
    #expect(try roundTrip(0) == 0)
}

@Test func doublesAndBoolsRoundTrip() throws {
    #expect(try roundTrip(3.25) == 3.25)
    #expect(try roundTrip(-0.1) == -0.1)
    #expect(try roundTrip(true) == true)
    #expect(try roundTrip(false) == false)
}

@Test func textRoundTripsIncludingEmptyUnicodeAndNulBytes() throws {
    #expect(try roundTrip("Zürich 🚗") == "Zürich 🚗")
    #expect(try roundTrip("") == "")
    #expect(try roundTrip("a\u{0}b") == "a\u{0}b")
}

@Test func blobsRoundTripIncludingEmpty() throws {
    #expect(try roundTrip([0, 1, 255, 0] as [UInt8]) == [0, 1, 255, 0])
    #expect(try roundTrip([] as [UInt8]) == [])
    #expect(try roundTrip(Data([9, 0, 7])) == Data([9, 0, 7]))
}

@Test func optionalsRoundTripNullAndValues() throws {
    #expect(try roundTrip(String?.none) == nil)
    #expect(try roundTrip(String?.some("here")) == "here")
    #expect(try roundTrip(Int?.none) == nil)
    #expect(try roundTrip(SQLValue.null) == .null)
    #expect(try roundTrip(SQLValue.real(1.5)) == .real(1.5))
}

@Test func rowsReadByIndexAndByColumnName() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        let row = try #require(try connection.fetchOne("SELECT 1 AS one, 'two' AS Two"))
        #expect(row.columnNames == ["one", "Two"])
        #expect(try row[0] as Int == 1)
        #expect(try row["two"] as String == "two")
        let unknownName = #expect(throws: DatabaseError.self) { try row["three"] as Int }
        #expect(unknownName?.message.contains("three") == true)
        let outOfRange = #expect(throws: DatabaseError.self) { try row[2] as Int }
        #expect(outOfRange?.kind == .misuse)
    }
}

@Test func nullIntoNonOptionalThrowsNamingTheColumn() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        let row = try #require(try connection.fetchOne("SELECT NULL AS nickname, 'abc' AS age"))

        let nullError = #expect(throws: DatabaseError.self) { try row["nickname"] as String }
        #expect(nullError?.message.contains("nickname") == true)
        #expect(nullError?.message.contains("NULL") == true)

        let textError = #expect(throws: DatabaseError.self) { try row["age"] as Int }
        #expect(textError?.message.contains("age") == true)
        #expect(textError?.message.contains("abc") == false)
        #expect(textError?.kind == .mismatch)
    }
}

@Test func fetchValueIsNilWithoutRowOrForNull() throws {
    try TemporaryFolder.with { folder in
        let connection = try SQLiteConnection(path: folder.file("db.sqlite"))
        try connection.executeScript("CREATE TABLE t(x INTEGER)")
        #expect(try connection.fetchValue("SELECT x FROM t") as Int? == nil)
        #expect(try connection.fetchValue("SELECT max(x) FROM t") as Int? == nil)
        try connection.execute("INSERT INTO t(x) VALUES (\(7))")
        #expect(try connection.fetchValue("SELECT max(x) FROM t") as Int? == 7)
        #expect(connection.lastInsertedRowID == 1)
        #expect(connection.changes == 1)
    }
}
