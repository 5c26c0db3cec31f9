/// One step of the schema's history: a name and the SQL script that makes the change.
///
/// Once shipped, a migration is never edited or removed; a later change is a new migration.
/// Its script runs inside a transaction, so it must not contain BEGIN or COMMIT (and a
/// `PRAGMA foreign_keys` in it would have no effect).
public struct Migration: Sendable {
    public let name: String
    public let sql: String

    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }
}
