import Foundation
import SQLDatabase

/// At most `limit` connections, opened when first needed, each lent to one borrower at a time.
///
/// A borrower waits for a free connection for at most `wait`, then fails as unavailable.
/// A connection that comes back broken (the server restarted, the network failed) or in a
/// state it must not be lent in is closed, and the next borrower opens a fresh one: the
/// database recovers by itself once the server is back.
///
/// `@unchecked Sendable` is sound because:
/// - `idle` and `openCount` are only read or written while `condition` is locked;
/// - a connection taken out of `idle`, or opened for a borrower, is used only by the thread
///   that borrowed it, inside `withConnection`, and goes back only when that call ends, so
///   no connection is used by two threads at once (the body must not let it escape);
/// - libpq connections may move between threads as long as their use is serial
///   (`PostgreSQLConnection.init` checks the library is built thread-safe).
final class ConnectionPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [PostgreSQLConnection] = []
    /// Idle, lent, and being opened.
    private var openCount = 0
    let limit: Int
    private let wait: Duration
    private let open: @Sendable () throws -> PostgreSQLConnection

    init(limit: Int, wait: Duration, open: @escaping @Sendable () throws -> PostgreSQLConnection) {
        self.limit = limit
        self.wait = wait
        self.open = open
    }

    /// Lends a connection to `start`, then to `body`.
    ///
    /// A connection that sat idle may have been cut meanwhile (by a server restart): when
    /// `start` fails on one and finds it broken, it is closed and `start` tried on another,
    /// so the first request after a restart does not fail. `body` is never retried: it may
    /// have done something.
    ///
    /// Not reentrant: a body that borrows again while all connections are lent waits, then fails.
    func withConnection<T>(
        startedBy start: (PostgreSQLConnection) throws -> Void,
        _ body: (PostgreSQLConnection) throws -> T
    ) throws -> T {
        while true {
            let (connection, wasIdle) = try borrow()
            do {
                try start(connection)
            } catch  where wasIdle && connection.isBroken {
                giveBack(connection)
                continue
            } catch {
                giveBack(connection)
                throw error
            }
            defer { giveBack(connection) }
            return try body(connection)
        }
    }

    private func borrow() throws -> (PostgreSQLConnection, wasIdle: Bool) {
        let deadline = Date(timeIntervalSinceNow: wait.timeInterval)
        condition.lock()
        while idle.isEmpty && openCount >= limit {
            if !condition.wait(until: deadline), idle.isEmpty && openCount >= limit {
                condition.unlock()
                throw DatabaseError.postgreSQL(.unavailable, code: "53300", "all \(limit) database connections are busy")
            }
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return (connection, true)
        }
        openCount += 1
        condition.unlock()
        // Outside the lock: connecting can take seconds, and others may borrow meanwhile.
        do {
            return (try open(), false)
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func giveBack(_ connection: PostgreSQLConnection) {
        let reusable = !connection.isBroken && !connection.mustClose && !connection.isInsideTransaction
        condition.lock()
        if reusable {
            idle.append(connection)
        } else {
            // Closed when the caller's last reference goes, just after this returns.
            openCount -= 1
        }
        condition.signal()
        condition.unlock()
    }
}
