import Foundation
import SQLDatabase

/// A PostgreSQL database shared by threads, and by other instances of the program: a pool
/// of connections, each read in a snapshot of its own, writes taken in turn across every
/// instance.
public final class PostgreSQLDatabase: Database {
    public var engine: DatabaseEngine { .postgreSQL }
    public let address: PostgreSQLAddress
    private let settings: ConnectionSettings
    private let pool: ConnectionPool
    /// Writes of this instance queue here rather than at the server's lock, where each would
    /// hold a connection while it waits and leave none for reads.
    private let writeTurn = NSLock()
    private let changes: ChangeListener

    /// The channel every write that changed something notifies as it commits, so that the
    /// other instances know their kept reads are stale (`changeStamp()`).
    static let changesChannel = "roadtrip_changes"

    /// The advisory lock every write takes, in every instance ("RoadTrip" in ASCII): the
    /// domain's "look, then change" steps rely on no other write coming between, exactly
    /// as with SQLite's single writer.
    static let writeLockKey: Int64 = 0x526F_6164_5472_6970
    /// The advisory lock instances starting at once take to migrate one after the other ("RT migr").
    static let migrationLockKey: Int64 = 0x5254_206D_6967_7200

    /// Connects to the database at `url` (`postgresql://user:password@host:port/database`)
    /// and applies the `migrations` not yet applied, in order.
    ///
    /// - connections: at most this many are open at once, opened when first needed.
    /// - connectTimeout: how long connecting may take; also how long a borrower waits for a
    ///   free connection and a statement for a lock.
    /// - statementTimeout: how long one statement may run before the server cancels it.
    public convenience init(
        url: String,
        connections: Int = 8,
        migrations: [Migration] = [],
        connectTimeout: Duration = .seconds(5),
        statementTimeout: Duration = .seconds(15)
    ) throws {
        try self.init(
            address: PostgreSQLAddress(url), connections: connections, migrations: migrations,
            connectTimeout: connectTimeout, statementTimeout: statementTimeout
        )
    }

    public init(
        address: PostgreSQLAddress,
        connections: Int = 8,
        migrations: [Migration] = [],
        connectTimeout: Duration = .seconds(5),
        statementTimeout: Duration = .seconds(15)
    ) throws {
        guard connections > 0 else {
            throw DatabaseError.postgreSQL(.misuse, code: "08004", "a database needs at least one connection, not \(connections)")
        }
        let settings = try ConnectionSettings(connectTimeout: connectTimeout, statementTimeout: statementTimeout)
        self.address = address
        self.settings = settings
        pool = ConnectionPool(limit: connections, wait: connectTimeout) {
            try PostgreSQLConnection(address: address, settings: settings)
        }
        changes = ChangeListener(address: address, settings: settings)
        // Connects now even without migrations: a wrong address or password is found at
        // start, not at the first request.
        try pool.withConnection(startedBy: { _ in }) { connection in
            if !migrations.isEmpty {
                try connection.migrate(migrations, settings: settings)
                // A migration may change what every instance shows (a rolling upgrade).
                try connection.executeScript("NOTIFY \(Self.changesChannel)")
            }
        }
    }

    deinit {
        changes.stop()
    }

    /// At most this many connections are open at once.
    public var connectionLimit: Int { pool.limit }

    /// A counter that grows with every write this instance commits and every change another
    /// instance announces (LISTEN on `changesChannel`, one more connection, opened at the first
    /// call). Nil until that connection listens, and while it is lost. Another instance's
    /// change is seen once its notice arrives, within a round trip of its commit.
    public func changeStamp() -> UInt64? {
        changes.stamp()
    }

    /// Runs `body` while the notices of changes wait unread (tests: what this instance's own
    /// writes do to the stamp, without their notices coming back). Keep it under a second: past
    /// `ChangeListener.silenceLimit` the stamp becomes unknown.
    func holdingChangeNotices<T>(_ body: () throws -> T) rethrows -> T {
        try changes.holdingNotices(body)
    }

    /// Runs `body` inside a read-only transaction that sees one snapshot (REPEATABLE READ).
    /// `body` may not write, and must not keep the connection.
    ///
    /// Its BEGIN goes out with its first statement and its COMMIT is answered later (see
    /// `PostgreSQLConnection.reading`); a connection found cut at that first statement (the
    /// server restarted while it sat idle) is replaced and the read starts again, once.
    public func read<T>(_ body: (any Connection) throws -> T) throws -> T {
        try againIfLostBeforeFirstStatement {
            try pool.withConnection(startedBy: { try $0.settle() }) { connection in
                try connection.reading { try body(connection) }
            }
        }
    }

    /// One statement outside any transaction: it sees one snapshot by itself and waits for
    /// one round trip, with no BEGIN or COMMIT. It cannot write either: every connection's
    /// transactions, the implicit one of a lone statement too, are read-only unless begun
    /// READ WRITE (`ConnectionSettings.sessionScript`).
    public func fetchAll(_ sql: SQL) throws -> [Row] {
        try fetchAlone { try $0.fetchAll(sql) }
    }

    public func fetchOne(_ sql: SQL) throws -> Row? {
        try fetchAlone { try $0.fetchOne(sql) }
    }

    /// The statements in one read transaction whose BEGIN, statements and COMMIT are sent
    /// together: one round trip, however many statements. A single statement runs alone.
    public func fetchAll(together statements: [SQL]) throws -> [[Row]] {
        if statements.count == 1 { return [try fetchAll(statements[0])] }
        return try fetchAlone { try $0.fetchAllTogether(statements) }
    }

    private func fetchAlone<T>(_ fetch: (PostgreSQLConnection) throws -> T) throws -> T {
        try againIfLostBeforeFirstStatement {
            try pool.withConnection(startedBy: { try $0.settle() }) { connection in
                do {
                    return try fetch(connection)
                } catch let lost as PostgreSQLConnection.LostBeforeFirstStatement {
                    throw lost
                } catch  where connection.isBroken {
                    // Only reads ran: nothing that trying again would repeat.
                    throw PostgreSQLConnection.LostBeforeFirstStatement(error: error)
                }
            }
        }
    }

    /// Runs `read` again, once, when it failed on a connection found cut at its first
    /// statement (the server restarted while the connection sat idle).
    private func againIfLostBeforeFirstStatement<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch is PostgreSQLConnection.LostBeforeFirstStatement {
            do {
                return try read()
            } catch let again as PostgreSQLConnection.LostBeforeFirstStatement {
                throw again.error
            }
        }
    }

    /// Runs `body` inside a transaction, committed when it returns and rolled back when it
    /// throws. Writes are taken in turn, across every instance, by an advisory lock held to
    /// the end of the transaction. `body` must not keep the connection, nor call `write` again.
    ///
    /// READ COMMITTED, not REPEATABLE READ: a snapshot would be taken by the statement that
    /// waits for the lock, before the write ahead of it commits, and the body would miss it.
    public func write<T>(_ body: (any Connection) throws -> T) throws -> T {
        // A write ahead may run several statements; waiting for more than one statement's
        // limit means something is stuck.
        guard writeTurn.lock(before: Date(timeIntervalSinceNow: settings.statementTimeout.timeInterval)) else {
            throw DatabaseError.postgreSQL(
                .busy, code: "55P03",
                "another write of this process has run for more than \(settings.statementTimeout)"
            )
        }
        defer { writeTurn.unlock() }
        let begin = "BEGIN READ WRITE; SELECT pg_advisory_xact_lock(\(Self.writeLockKey))"
        var changed = false
        defer { if changed { changes.noteCommit() } }
        return try pool.withConnection(startedBy: { try $0.begin(begin) }) { connection in
            try connection.committing(announcing: Self.changesChannel, changed: &changed) { try body(connection) }
        }
    }

    /// A write that locks only the rows it changes (`FOR UPDATE SKIP LOCKED` in its SQL): it
    /// does not take the turn every other write waits for, so instances claiming jobs at once
    /// each take another row without waiting. READ COMMITTED, committed when `body` returns.
    public func writeLockingOwnRows<T>(_ body: (any Connection) throws -> T) throws -> T {
        var changed = false
        defer { if changed { changes.noteCommit() } }
        return try pool.withConnection(startedBy: { try $0.begin("BEGIN READ WRITE") }) { connection in
            try connection.committing(announcing: Self.changesChannel, changed: &changed) { try body(connection) }
        }
    }

    /// Lends a connection outside any transaction, for the statements PostgreSQL refuses
    /// inside one (CREATE DATABASE, VACUUM, CREATE INDEX CONCURRENTLY); each statement
    /// commits on its own, and may write. Not taken in turn with writes.
    public func outsideTransaction<T>(_ body: (any Connection) throws -> T) throws -> T {
        // The first round trip also finds a connection cut while it was idle, so another is taken.
        defer { changes.noteCommit() }
        return try pool.withConnection(startedBy: { try $0.executeScript(ConnectionSettings.writableSessionScript) }) { connection in
            defer {
                // Read-only again before any other borrower, or closed; and, since the body may
                // have changed anything, the other instances told.
                do {
                    try connection.executeScript("\(ConnectionSettings.readOnlySessionScript); NOTIFY \(Self.changesChannel)")
                } catch {
                    connection.mustClose = true
                }
            }
            return try body(connection)
        }
    }
}
