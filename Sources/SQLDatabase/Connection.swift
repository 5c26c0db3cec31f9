/// The engine behind a connection: for the few places where SQL must differ between them
/// (a migration's script, a statement only one engine knows).
public enum DatabaseEngine: String, Sendable, CaseIterable {
    case sqlite = "SQLite"
    case postgreSQL = "PostgreSQL"
}

/// What statements that give rows run on: a connection, inside its transaction, or a
/// database, for one statement on its own.
public protocol RowFetching {
    func fetchAll(_ sql: SQL) throws -> [Row]
    func fetchOne(_ sql: SQL) throws -> Row?
}

extension RowFetching {
    /// Rows are all read before `transform` runs, so it may use this connection itself.
    public func fetchAll<T>(_ sql: SQL, _ transform: (Row) throws -> T) throws -> [T] {
        try fetchAll(sql).map(transform)
    }

    /// The first column of the first row; nil when there is no row or the value is NULL
    /// (what `SELECT max(x)` gives on an empty table).
    public func fetchValue<T: SQLColumnDecodable>(_ sql: SQL) throws -> T? {
        try fetchOne(sql)?.firstColumn()
    }
}

/// One connection to a database, lent by a `Database` to one `read` or `write` body at a
/// time. Not `Sendable`, and it must not escape the body it was lent to.
///
/// Every value in a statement is a bound parameter (`SQL` interpolation); the SQL text itself
/// is the same for every engine: both understand `?` placeholders, `ON CONFLICT`, `RETURNING`.
public protocol Connection: AnyObject, RowFetching {
    var engine: DatabaseEngine { get }

    /// Runs one statement to completion, discarding any rows.
    func execute(_ sql: SQL) throws
    /// Runs several `;`-separated statements without parameters, such as a migration.
    func executeScript(_ text: String) throws
    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int { get }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// Inside another transaction it is a savepoint, so a failing inner part can be undone
    /// while the outer transaction goes on.
    func transaction<T>(_ body: () throws -> T) throws -> T
}

/// A database shared by threads: `read` and `write` lend a connection inside a transaction.
///
/// Writes are taken in turn, by every engine: the domain's "look, then change" steps
/// (a vacation's photo limit, the newest Recents) rely on no other write coming between.
///
/// A read of one statement is `fetchAll`/`fetchOne`/`fetchValue` on the database itself: one
/// statement always sees one snapshot, so it needs no transaction around it, and PostgreSQL
/// is spared a BEGIN and a COMMIT. The statement may not write.
public protocol Database: Sendable, RowFetching {
    var engine: DatabaseEngine { get }

    /// The rows of each statement, all read in one snapshot. The statements must not depend
    /// on each other's results: PostgreSQL sends them together and waits for one round trip.
    /// They may not write. `fetch(_:)` reads queries this way.
    func fetchAll(together statements: [SQL]) throws -> [[Row]]

    /// Runs `body` inside a transaction that sees one snapshot. `body` may not write, and must
    /// not keep the connection.
    func read<T>(_ body: (any Connection) throws -> T) throws -> T

    /// Runs `body` inside a transaction, committed when it returns and rolled back when it
    /// throws; writes are taken in turn. `body` must not keep the connection, nor call `write`
    /// again (it would wait for itself).
    func write<T>(_ body: (any Connection) throws -> T) throws -> T

    /// A write that locks only the rows it changes (`FOR UPDATE SKIP LOCKED`), and so need not
    /// wait for the turn every other write takes: claiming a job while others are claimed.
    func writeLockingOwnRows<T>(_ body: (any Connection) throws -> T) throws -> T

    /// A number that grows whenever something is committed to the database, by this process
    /// or any other, so that what was read under one stamp may be reused while the
    /// stamp stays the same (`ChangeStampedCache`). Nil while the database cannot tell: then
    /// nothing may be reused.
    ///
    /// Read it before the reads whose results are kept under it: a change committed between
    /// the two makes the kept result look older than it is, never newer.
    func changeStamp() -> UInt64?
}

extension Database {
    /// With one writer (SQLite) a write that locks its own rows is an ordinary write.
    public func writeLockingOwnRows<T>(_ body: (any Connection) throws -> T) throws -> T {
        try write(body)
    }
}

extension Connection {
    /// Runs an INSERT and gives the new row's `id`, through `RETURNING id`: the one way both
    /// engines share (SQLite's last insert rowid has no PostgreSQL twin).
    public func insertReturningID(_ insert: SQL) throws -> Int64 {
        guard let id: Int64 = try fetchValue(insert + " RETURNING id") else {
            throw DatabaseError(kind: .misuse, message: "the INSERT returned no id", sql: insert.text)
        }
        return id
    }
}
