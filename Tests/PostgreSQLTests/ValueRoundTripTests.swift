import Foundation
import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases

/// Stores each of `values` in a column of `type` and reads them back, in order.
private func roundTrip(_ values: [SQLValue], through type: String) throws -> [SQLValue] {
    let database = try TestPostgreSQL.freshDatabase(migrations: [
        Migration("001", "CREATE TABLE t(id INTEGER PRIMARY KEY, v \(type))")
    ])
    return try database.write { connection in
        for (id, value) in values.enumerated() {
            try connection.execute("INSERT INTO t(id, v) VALUES (\(id), \(value))")
        }
        return try connection.fetchAll("SELECT v FROM t ORDER BY id") { try $0[0] as SQLValue }
    }
}

@Test func integersRoundTripAtTheirLimits() throws {
    let values: [SQLValue] = [.integer(0), .integer(1), .integer(-1), .integer(.min), .integer(.max)]
    #expect(try roundTrip(values, through: "BIGINT") == values)
}

@Test func smallerIntegerTypesReadAsIntegers() throws {
    #expect(try roundTrip([.integer(-32768), .integer(32767)], through: "SMALLINT") == [.integer(-32768), .integer(32767)])
    #expect(try roundTrip([.integer(.init(Int32.min))], through: "INTEGER") == [.integer(.init(Int32.min))])
    let database = try TestPostgreSQL.freshDatabase()
    let row = try #require(try database.read { try $0.fetchOne("SELECT 2::int2 AS a, 4::int4 AS b, 26::oid AS c") })
    #expect(try row["a"] as SQLValue == .integer(2))
    #expect(try row["b"] as SQLValue == .integer(4))
    #expect(try row["c"] as SQLValue == .integer(26))
}

@Test func doublesRoundTripExactly() throws {
    let doubles: [Double] = [
        0.1, 1.0 / 3, -0.0, 1e308, -1e-308, .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        .leastNormalMagnitude, .infinity, -.infinity,
    ]
    let back = try roundTrip(doubles.map(SQLValue.real), through: "DOUBLE PRECISION")
    #expect(back == doubles.map(SQLValue.real))
    // -0.0 == 0.0, so the sign is checked on its own.
    guard case .real(let negativeZero) = back[2] else { throw TestFailure(description: "not a real: \(back[2])") }
    #expect(negativeZero.sign == .minus)
}

@Test func notANumberRoundTrips() throws {
    let back = try roundTrip([.real(.nan)], through: "DOUBLE PRECISION")
    guard case .real(let value) = back.first else { throw TestFailure(description: "not a real: \(back)") }
    #expect(value.isNaN)
}

@Test func textRoundTripsIncludingUnicodeQuotesAndQuestionMarks() throws {
    let texts = ["Zürich 🚗", "", "it's \"quoted\"", "what? '?'", "back\\slash", "line\nbreak\ttab", "$1", "日本語"]
    let back = try roundTrip(texts.map(SQLValue.text), through: "TEXT")
    #expect(back == texts.map(SQLValue.text))
}

@Test func textHoldingANulCharacterIsRefusedWithoutQuotingIt() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: [Migration("001", "CREATE TABLE t(v TEXT)")])
    let error = #expect(throws: DatabaseError.self) {
        try database.write { try $0.execute("INSERT INTO t(v) VALUES (\("secret\u{0}tail"))") }
    }
    #expect(error?.kind == .misuse)
    #expect(error?.message.contains("NUL") == true)
    #expect(error.map { "\($0)".contains("secret") } == false)
}

@Test func blobsRoundTripEveryByteValueAndEmpty() throws {
    let everyByte = [UInt8](0...255)
    let large = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
    let blobs: [[UInt8]] = [[], [0], everyByte, everyByte.reversed(), large]
    #expect(try roundTrip(blobs.map(SQLValue.blob), through: "BYTEA") == blobs.map(SQLValue.blob))
}

@Test func nullRoundTripsInEveryColumnType() throws {
    for type in ["BIGINT", "DOUBLE PRECISION", "TEXT", "BYTEA", "BOOLEAN", "NUMERIC"] {
        #expect(try roundTrip([.null], through: type) == [.null], "in a \(type) column")
    }
}

@Test func swiftTypesRoundTripThroughTheirColumns() throws {
    let database = try TestPostgreSQL.freshDatabase(migrations: [
        Migration("001", "CREATE TABLE t(i BIGINT, r DOUBLE PRECISION, s TEXT, b BYTEA, o TEXT)")
    ])
    try database.write { connection in
        try connection.execute(
            """
            INSERT INTO t(i, r, s, b, o) VALUES (\(Int.max), \(2.5), \("Genève"), \(Data([1, 0, 2])), \(String?.none))
            """)
    }
    let row = try #require(try database.read { try $0.fetchOne("SELECT i, r, s, b, o FROM t") })
    #expect(try row["i"] as Int == .max)
    #expect(try row["r"] as Double == 2.5)
    #expect(try row["s"] as String == "Genève")
    #expect(try row["b"] as Data == Data([1, 0, 2]))
    #expect(try row["o"] as String? == nil)
}

@Test func numericIsAnIntegerWhenIntegralAndARealOtherwise() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let row = try #require(
        try database.read {
            try $0.fetchOne(
                """
                SELECT 42::numeric AS a, 42.000::numeric AS b, -1.5::numeric AS c,
                       123456789012345678901234567890::numeric AS d, 'NaN'::numeric AS e
                """)
        })
    #expect(try row["a"] as SQLValue == .integer(42))
    #expect(try row["b"] as SQLValue == .integer(42))
    #expect(try row["c"] as SQLValue == .real(-1.5))
    #expect(try row["d"] as SQLValue == .real(1.2345678901234568e29))
    #expect(try (row["e"] as Double).isNaN)
}

@Test func booleansReadAsOneAndZeroAndOtherTypesAsText() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let row = try #require(
        try database.read {
            try $0.fetchOne("SELECT true AS yes, false AS no, DATE '2024-02-29' AS day, 'x'::varchar(3) AS name, 1.5::real AS small")
        })
    #expect(try row["yes"] as Bool == true)
    #expect(try row["no"] as SQLValue == .integer(0))
    #expect(try row["day"] as SQLValue == .text("2024-02-29"))
    #expect(try row["name"] as SQLValue == .text("x"))
    #expect(try row["small"] as SQLValue == .real(1.5))
}

@Test func parametersWithoutAColumnTakeTheirValuesType() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let row = try #require(
        try database.read {
            try $0.fetchOne("SELECT \(7) AS i, \(0.5) AS r, \("t") AS s, \([1, 2] as [UInt8]) AS b, \(Int?.none) AS n")
        })
    #expect(row.columnNames == ["i", "r", "s", "b", "n"])
    #expect(try row["i"] as SQLValue == .integer(7))
    #expect(try row["r"] as SQLValue == .real(0.5))
    #expect(try row["s"] as SQLValue == .text("t"))
    #expect(try row["b"] as SQLValue == .blob([1, 2]))
    #expect(try row["n"] as SQLValue == .null)
}
