import Testing
import SQLDatabase
@testable import PostgreSQL
import TestDatabases

@Test(arguments: [
    ("SELECT ?, ?", "SELECT $1, $2", 2),
    ("SELECT '?', ?", "SELECT '?', $1", 1),
    ("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1),
    ("SELECT E'\\'?', ?", "SELECT E'\\'?', $1", 1),
    ("SELECT name'?' FROM x WHERE ?", "SELECT name'?' FROM x WHERE $1", 1),
    ("SELECT \"a?\"\"b?\" FROM t WHERE x = ?", "SELECT \"a?\"\"b?\" FROM t WHERE x = $1", 1),
    ("SELECT 1 -- why?\n, ?", "SELECT 1 -- why?\n, $1", 1),
    ("SELECT /* ? /* ? */ ? */ ?", "SELECT /* ? /* ? */ ? */ $1", 1),
    ("SELECT $$ ? $$, $tag$ ?$$? $tag$, ?", "SELECT $$ ? $$, $tag$ ?$$? $tag$, $1", 1),
    ("SELECT a$b, ?", "SELECT a$b, $1", 1),
    ("SELECT 'Zürich?' || ? || '🚗'", "SELECT 'Zürich?' || $1 || '🚗'", 1),
    ("SELECT 'unterminated ?", "SELECT 'unterminated ?", 0),
    ("SELECT 4 - ? - -?", "SELECT 4 - $1 - -$2", 2),
])
func placeholdersOutsideStringsIdentifiersAndCommentsBecomeNumbered(sql: String, expected: String, count: Int) {
    let translated = Placeholders(translating: sql)
    #expect(translated.text == expected)
    #expect(translated.count == count)
}

@Test func questionMarksInsideStringLiteralsAreLeftAlone() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let row = try #require(
        try database.read {
            try $0.fetchOne("SELECT '?' AS q, \(5) AS v, 'it''s ?' AS r, \"q?\" FROM (SELECT 1 AS \"q?\") AS s")
        })
    #expect(try row["q"] as String == "?")
    #expect(try row["v"] as Int == 5)
    #expect(try row["r"] as String == "it's ?")
    #expect(try row["q?"] as Int == 1)
}

@Test func moreOrFewerArgumentsThanPlaceholdersAreRefused() throws {
    let database = try TestPostgreSQL.freshDatabase()
    let missing = #expect(throws: DatabaseError.self) {
        try database.read { try $0.fetchOne(SQL(stringLiteral: "SELECT ?")) }
    }
    #expect(missing?.kind == .misuse)
    #expect(missing?.code == "07001")
    var extra: SQL = "SELECT 1"
    extra.arguments = [.integer(1)]
    let tooMany = #expect(throws: DatabaseError.self) { try database.read { try $0.fetchOne(extra) } }
    #expect(tooMany?.kind == .misuse)
    #expect(tooMany?.message.contains("0 parameters but 1 arguments") == true)
}

@Test func numberedParametersWrittenInTheSQLAreRefused() throws {
    #expect(Placeholders(translating: "SELECT $1").hasNumberedParameter)
    #expect(!Placeholders(translating: "SELECT '$1', a$1, $$ $1 $$").hasNumberedParameter)
    let database = try TestPostgreSQL.freshDatabase()

    let error = #expect(throws: DatabaseError.self) { try database.read { try $0.fetchOne("SELECT $1") } }

    #expect(error?.kind == .misuse)
    #expect(error?.message.contains("?") == true)
}
