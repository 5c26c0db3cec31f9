import Testing
import SQLDatabase
import PostgreSQL

@Test(arguments: [
    ("postgresql://roadtrip:pa55word@127.0.0.1:5432/roadtrip", "postgresql://roadtrip:***@127.0.0.1:5432/roadtrip"),
    ("postgres://roadtrip:pa55word@db.example/roadtrip", "postgres://roadtrip:***@db.example/roadtrip"),
    (
        "postgresql://roadtrip@127.0.0.1/roadtrip?password=pa55word&sslmode=require",
        "postgresql://roadtrip:***@127.0.0.1/roadtrip?sslmode=require"
    ),
    ("postgresql://roadtrip:pa%2F55word@[::1]:5432/roadtrip", "postgresql://roadtrip:***@[::1]:5432/roadtrip"),
    ("postgresql://roadtrip:pa55word?x@host/db", "postgresql://roadtrip:***@host/db"),
    ("postgresql:///roadtrip", "postgresql:///roadtrip"),
])
func theRedactedAddressHidesThePasswordWhereverItIsWritten(url: String, redacted: String) throws {
    let address = try PostgreSQLAddress(url)

    #expect(address.redacted == redacted)
    #expect("\(address)" == redacted)
    #expect(!String(reflecting: address).contains("pa55word"))
    var dumped = ""
    dump(address, to: &dumped)
    #expect(!dumped.contains("pa55word"))
}

@Test func anAddressNamesItsUserHostPortAndDatabase() throws {
    let address = try PostgreSQLAddress("postgresql://roadtrip:secret@127.0.0.1:5433/trips")

    #expect(address.user == "roadtrip")
    #expect(address.host == "127.0.0.1")
    #expect(address.port == "5433")
    #expect(address.database == "trips")
    #expect(try address.replacingDatabase(with: "other").redacted == "postgresql://roadtrip:***@127.0.0.1:5433/other")
}

@Test func somethingOtherThanAPostgreSQLURLIsRefusedWithoutBeingQuoted() {
    let error = #expect(throws: DatabaseError.self) { try PostgreSQLAddress("host=db password=pa55word") }

    #expect(error?.kind == .misuse)
    #expect(error.map { "\($0)".contains("pa55word") } == false)
}

@Test func anUnencodedAtSignInThePasswordIsRefusedWithoutQuotingIt() {
    let error = #expect(throws: DatabaseError.self) { try PostgreSQLAddress("postgresql://roadtrip:pa55@w0rd@host/db") }

    #expect(error?.kind == .misuse)
    #expect(error.map { "\($0)".contains("pa55") || "\($0)".contains("w0rd") } == false)
}

@Test func anAddressLibpqCannotParseIsRefusedWithoutThePassword() {
    let error = #expect(throws: DatabaseError.self) { try PostgreSQLAddress("postgresql://roadtrip:pa55%zzword@host/db?nonsense=1") }

    #expect(error?.kind == .misuse)
    #expect(error.map { "\($0)".contains("pa55") } == false)
}
