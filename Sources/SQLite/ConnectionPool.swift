import Foundation
import SQLDatabase

/// Lends connections, each to one borrower at a time, blocking while all are lent.
///
/// `@unchecked Sendable` is sound because:
/// - `idle` is only read or written while `condition` is locked;
/// - a connection taken out of `idle` is used only by the thread that took it, inside
///   `withConnection`, and only put back when that call ends, so no connection is ever
///   used by two threads at once (the body must not let it escape);
/// - connections opened with SQLITE_OPEN_NOMUTEX may be used from any thread as long as
///   use is serial (SQLite's multi-thread mode; `Connection.init` checks the library
///   allows it).
final class ConnectionPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [SQLiteConnection]

    init(_ connections: [SQLiteConnection]) {
        idle = connections
    }

    /// Not reentrant: a body that asks the same pool again while it holds every connection
    /// waits forever.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        let connection = borrow()
        defer { giveBack(connection) }
        return try body(connection)
    }

    private func borrow() -> SQLiteConnection {
        condition.lock()
        defer { condition.unlock() }
        while idle.isEmpty {
            condition.wait()
        }
        return idle.removeLast()
    }

    private func giveBack(_ connection: SQLiteConnection) {
        condition.lock()
        defer { condition.unlock() }
        idle.append(connection)
        condition.signal()
    }
}
