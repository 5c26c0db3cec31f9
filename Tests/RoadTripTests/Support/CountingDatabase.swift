import Foundation
import SQLDatabase
import Synchronization

/// A database that counts the write transactions made through it, by the thread that made
/// each (a background worker's are not the caller's), and otherwise is the one it wraps.
final class CountingDatabase: Database {
    let wrapped: any Database
    private let writers = Mutex<[pthread_t]>([])

    init(_ wrapped: any Database) {
        self.wrapped = wrapped
    }

    /// Write transactions so far made by the calling thread.
    var writesOfThisThread: Int {
        let me = pthread_self()
        return writers.withLock { $0.filter { pthread_equal($0, me) != 0 }.count }
    }

    var engine: DatabaseEngine { wrapped.engine }
    func fetchAll(_ sql: SQL) throws -> [Row] { try wrapped.fetchAll(sql) }
    func fetchOne(_ sql: SQL) throws -> Row? { try wrapped.fetchOne(sql) }
    func fetchAll(together statements: [SQL]) throws -> [[Row]] { try wrapped.fetchAll(together: statements) }
    func read<T>(_ body: (any Connection) throws -> T) throws -> T { try wrapped.read(body) }
    func changeStamp() -> UInt64? { wrapped.changeStamp() }

    func write<T>(_ body: (any Connection) throws -> T) throws -> T {
        writers.withLock { $0.append(pthread_self()) }
        return try wrapped.write(body)
    }

    func writeLockingOwnRows<T>(_ body: (any Connection) throws -> T) throws -> T {
        writers.withLock { $0.append(pthread_self()) }
        return try wrapped.writeLockingOwnRows(body)
    }
}
