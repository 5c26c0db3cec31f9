internal import CPostgreSQL

/// The statements prepared on one connection, by SQL text and parameter types, so each is
/// parsed once per connection. PostgreSQL plans one again by itself when a table it uses
/// changes, except when its result columns change: then it refuses it once, and the
/// connection prepares it anew.
///
/// Prepared statements belong to the session, not to a transaction: a rollback keeps them.
/// A script that runs `DEALLOCATE` or `DISCARD` would make this cache lie; none should.
struct PreparedStatements {
    struct Key: Hashable {
        let sql: String
        let types: [Oid]
    }

    /// Past this many distinct statements the cache is emptied (and the server's copies
    /// deallocated): SQL built with a varying shape, an `IN` list of any length, must not
    /// grow memory without bound on either side.
    static let limit = 256

    /// The SQLSTATE of "cached plan must not change result type".
    static let changedResultType = "0A000"

    /// The names they were prepared under on the server.
    private var statements: [Key: String] = [:]
    private var prepared = 0

    var isFull: Bool { statements.count >= Self.limit }

    subscript(key: Key) -> String? {
        statements[key]
    }

    /// A name not used before on this connection.
    mutating func nextName() -> String {
        prepared += 1
        return "roadtrip_\(prepared)"
    }

    mutating func insert(_ name: String, for key: Key) {
        statements[key] = name
    }

    /// Forgets one statement; the server keeps its copy until `DEALLOCATE ALL` or the
    /// connection closes.
    mutating func remove(_ key: Key) {
        statements[key] = nil
    }

    mutating func removeAll() {
        statements.removeAll()
    }
}
