import Foundation
import SQLDatabase
import Synchronization

/// A database that counts the write transactions made through it, by the thread that made
/// each (a background worker's are not the caller's), and the rows its writes changed, and
/// otherwise is the one it wraps.
final class CountingDatabase: Database {
    let wrapped: any Database
    private let writers = Mutex<[pthread_t]>([])
    private let changed = RowCounter()

    init(_ wrapped: any Database) {
        self.wrapped = wrapped
    }

    /// Write transactions so far made by the calling thread.
    var writesOfThisThread: Int {
        let me = pthread_self()
        return writers.withLock { $0.filter { pthread_equal($0, me) != 0 }.count }
    }

    /// Rows inserted, updated or deleted by the writes so far.
    var rowsWritten: Int { changed.count.withLock { $0 } }

    var engine: DatabaseEngine { wrapped.engine }
    func fetchAll(_ sql: SQL) throws -> [Row] { try wrapped.fetchAll(sql) }
    func fetchOne(_ sql: SQL) throws -> Row? { try wrapped.fetchOne(sql) }
    func fetchAll(together statements: [SQL]) throws -> [[Row]] { try wrapped.fetchAll(together: statements) }
    func read<T>(_ body: (any Connection) throws -> T) throws -> T { try wrapped.read(body) }
    func changeStamp() -> UInt64? { wrapped.changeStamp() }

    func write<T>(_ body: (any Connection) throws -> T) throws -> T {
        writers.withLock { $0.append(pthread_self()) }
        return try wrapped.write { db in try body(CountingConnection(db, counter: changed)) }
    }

    func writeLockingOwnRows<T>(_ body: (any Connection) throws -> T) throws -> T {
        writers.withLock { $0.append(pthread_self()) }
        return try wrapped.writeLockingOwnRows { db in try body(CountingConnection(db, counter: changed)) }
    }
}

final class RowCounter: Sendable {
    let count = Mutex(0)
}

/// A connection that adds the rows each statement changed to a counter.
private final class CountingConnection: Connection {
    let wrapped: any Connection
    let counter: RowCounter

    init(_ wrapped: any Connection, counter: RowCounter) {
        self.wrapped = wrapped
        self.counter = counter
    }

    var engine: DatabaseEngine { wrapped.engine }
    var changes: Int { wrapped.changes }
    func fetchAll(_ sql: SQL) throws -> [Row] { try wrapped.fetchAll(sql) }
    func fetchOne(_ sql: SQL) throws -> Row? { try wrapped.fetchOne(sql) }
    func executeScript(_ text: String) throws { try wrapped.executeScript(text) }
    func transaction<T>(_ body: () throws -> T) throws -> T { try wrapped.transaction(body) }

    func execute(_ sql: SQL) throws {
        try wrapped.execute(sql)
        let changed = wrapped.changes
        counter.count.withLock { $0 += changed }
    }
}
