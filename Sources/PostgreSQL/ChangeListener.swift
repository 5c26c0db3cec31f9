import Foundation
import SQLDatabase
internal import CPostgreSQL

/// What `PostgreSQLDatabase.changeStamp()` answers from: a counter of this instance that
/// grows with every write it commits itself and with every notice, on a connection of its own
/// that LISTENs, that another instance committed one (`PostgreSQLDatabase.changesChannel`).
///
/// The listening connection is opened at the first question and kept open by a thread of its
/// own. While it is not open (not yet, or lost) the stamp is unknown, so nothing read before
/// is reused; once it listens again the counter moves, for the notices it may have missed.
///
/// `@unchecked Sendable` is sound because every stored `var` is read and written only while
/// `lock` is held; the connection lives on the listening thread alone.
final class ChangeListener: @unchecked Sendable {
    private let lock = NSLock()
    private let address: PostgreSQLAddress
    private let settings: ConnectionSettings
    private var counter: UInt64 = 1
    private var isListening = false
    private var isStarted = false
    private var isStopped = false

    /// How often the listening thread looks whether it should stop, and how long it waits
    /// before connecting again after the connection was lost.
    static let checkInterval: Int32 = 200
    static let reconnectDelay = Duration.seconds(1)

    init(address: PostgreSQLAddress, settings: ConnectionSettings) {
        self.address = address
        self.settings = settings
    }

    func stamp() -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        if !isStarted, !isStopped {
            isStarted = true
            let thread = Thread { [self] in listen() }
            thread.name = "roadtrip changes"
            thread.start()
        }
        return isListening ? counter : nil
    }

    /// A write of this instance committed: its own pages see it at once, before its notice
    /// comes back.
    func noteCommit() {
        locked { counter += 1 }
    }

    /// Ends the listening thread within `checkInterval`.
    func stop() {
        locked { isStopped = true }
    }

    private var shouldStop: Bool { locked { isStopped } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func listen() {
        while !shouldStop {
            do {
                let connection = try PostgreSQLConnection(address: address, settings: settings)
                try connection.executeScript("LISTEN \(PostgreSQLDatabase.changesChannel)")
                locked {
                    counter += 1
                    isListening = true
                }
                try connection.waitForNotices(checkingEvery: Self.checkInterval, until: { shouldStop }) { noteCommit() }
            } catch {
                locked { isListening = false }
                var waited = Duration.zero
                while waited < Self.reconnectDelay, !shouldStop {
                    Thread.sleep(forTimeInterval: Double(Self.checkInterval) / 1000)
                    waited += .milliseconds(Self.checkInterval)
                }
            }
        }
        locked { isListening = false }
    }
}

extension PostgreSQLConnection {
    /// Calls `notice` for each batch of notifications that arrives on this connection, until
    /// `stop` answers true (asked every `interval` milliseconds). Throws when the connection is lost.
    func waitForNotices(checkingEvery interval: Int32, until stop: () -> Bool, notice: () -> Void) throws {
        let socket = PQsocket(handle)
        while !stop() {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, interval)
            if ready < 0, errno != EINTR {
                throw DatabaseError.postgreSQL(.unavailable, code: "08006", "waiting for notices failed: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            guard PQconsumeInput(handle) == 1 else {
                throw DatabaseError(result: nil, connection: handle, sql: "LISTEN")
            }
            var arrived = false
            while let notification = PQnotifies(handle) {
                PQfreemem(notification)
                arrived = true
            }
            if arrived { notice() }
        }
    }
}
