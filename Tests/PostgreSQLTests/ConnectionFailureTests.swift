import Foundation
import Testing
import SQLDatabase
import PostgreSQL
import TestDatabases

@Test func aServerThatIsNotThereIsUnavailableQuicklyWithoutThePassword() throws {
    var error: DatabaseError?

    // Port 1 on the loopback: nothing listens, so the connection is refused at once.
    let seconds = secondsTaken {
        error = #expect(throws: DatabaseError.self) {
            try PostgreSQLDatabase(url: "postgresql://roadtrip:pa55word-secret@127.0.0.1:1/roadtrip")
        }
    }

    #expect(seconds < 3)
    #expect(error?.kind == .unavailable)
    #expect(error?.message.hasPrefix("cannot reach the database at postgresql://roadtrip:***@127.0.0.1:1/roadtrip: ") == true)
    #expect(error.map { "\($0)".contains("pa55word") } == false)
}

@Test func aWrongPasswordIsUnavailableWithoutEitherPassword() throws {
    let right = try PostgreSQLAddress(TestPostgreSQL.url)
    let url = try TestPostgreSQL.url.replacingOccurrences(of: #":[^:@/]+@"#, with: ":wrong-pa55word@", options: .regularExpression)

    let error = #expect(throws: DatabaseError.self) { try PostgreSQLDatabase(url: url) }

    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("password authentication failed") == true)
    let text = error.map { "\($0)" } ?? ""
    #expect(!text.contains("wrong-pa55word"))
    #expect(!right.redacted.contains(try #require(try TestPostgreSQL.url.split(separator: ":")[2].split(separator: "@").first)))
}

@Test func timeoutsAndConnectionLimitsMustBePositive() {
    let url = "postgresql://roadtrip@127.0.0.1:1/roadtrip"
    #expect(throws: DatabaseError.self) { try PostgreSQLDatabase(url: url, connections: 0) }
    #expect(throws: DatabaseError.self) { try PostgreSQLDatabase(url: url, connectTimeout: .zero) }
    #expect(throws: DatabaseError.self) { try PostgreSQLDatabase(url: url, statementTimeout: .seconds(-1)) }
}
