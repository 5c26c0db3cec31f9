import Foundation
import SQLDatabase
internal import CPostgreSQL

/// What `PostgreSQLDatabase.changeStamp()` answers from: a counter of this instance that
/// grows with every write it commits itself and with every notice, on a connection of its own
/// that LISTENs, that another instance committed one (`PostgreSQLDatabase.changesChannel`).
///
/// The listening connection is opened at the first question and kept open by a thread of its
/// own. The stamp is unknown, so nothing read before is reused, until it listens and whenever
/// it cannot prove it still does: every `heartbeatInterval` it NOTIFYs a channel only it
/// listens to, and a heartbeat not heard back within `silenceLimit` (a network gone quiet,
/// which TCP would only notice after half a minute; a transaction pooler, behind which LISTEN
/// never hears anything) makes the stamp unknown. Once it hears again, or has connected again,
/// the counter moves, for the notices it may have missed.
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
    /// Tests hold the notices back to see what this instance's own writes do without them.
    private var isHoldingNotices = false

    /// How often the listening thread looks whether it should stop.
    static let checkInterval: Int32 = 100
    static let heartbeatInterval = Duration.milliseconds(500)
    static let silenceLimit = Duration.seconds(2)
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

    /// While `body` runs, notices wait unread on the connection (for tests).
    func holdingNotices<T>(_ body: () throws -> T) rethrows -> T {
        locked { isHoldingNotices = true }
        defer { locked { isHoldingNotices = false } }
        return try body()
    }

    private var shouldStop: Bool { locked { isStopped } }
    private var shouldHold: Bool { locked { isHoldingNotices } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Heard, or not, from the heartbeat: moves the counter when hearing again.
    private func setListening(_ listening: Bool) {
        locked {
            if listening, !isListening { counter += 1 }
            isListening = listening
        }
    }

    private func listen() {
        // Its own name, so that no other instance's heartbeat counts as this one's.
        let heartbeat = "roadtrip_alive_" + (0..<16).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        while !shouldStop {
            do {
                let connection = try PostgreSQLConnection(address: address, settings: settings)
                try connection.executeScript("LISTEN \(PostgreSQLDatabase.changesChannel); LISTEN \(heartbeat)")
                var watch = NoticeWatch(heartbeat: heartbeat)
                while !shouldStop {
                    if !shouldHold {
                        try connection.readNotices(into: &watch)
                        if watch.changed { noteCommit() }
                    }
                    setListening(watch.heardWithin(Self.silenceLimit))
                    if watch.heartbeatIsDue(every: Self.heartbeatInterval) { try connection.sendHeartbeat(&watch) }
                    try connection.waitForInput(milliseconds: Self.checkInterval)
                }
            } catch {
                setListening(false)
                var waited = Duration.zero
                while waited < Self.reconnectDelay, !shouldStop {
                    Thread.sleep(forTimeInterval: Double(Self.checkInterval) / 1000)
                    waited += .milliseconds(Self.checkInterval)
                }
            }
        }
        setListening(false)
    }
}

/// What the listening connection has heard: changes since last asked, and when its own
/// heartbeat last came back.
struct NoticeWatch {
    let heartbeat: String
    var changed = false
    var lastHeard: ContinuousClock.Instant?
    var lastSent: ContinuousClock.Instant?
    /// A heartbeat's NOTIFY was sent and its result not read yet.
    var awaitingResult = false

    init(heartbeat: String) {
        self.heartbeat = heartbeat
    }

    func heardWithin(_ limit: Duration) -> Bool {
        lastHeard.map { ContinuousClock.now - $0 < limit } ?? false
    }

    func heartbeatIsDue(every interval: Duration) -> Bool {
        !awaitingResult && (lastSent.map { ContinuousClock.now - $0 >= interval } ?? true)
    }
}

extension PostgreSQLConnection {
    /// Reads what has arrived without waiting: notices, and the result of a heartbeat.
    /// Throws when the connection is lost.
    func readNotices(into watch: inout NoticeWatch) throws {
        watch.changed = false
        guard PQconsumeInput(handle) == 1 else {
            throw DatabaseError(result: nil, connection: handle, sql: "LISTEN")
        }
        while watch.awaitingResult, PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else {
                watch.awaitingResult = false
                break
            }
            let status = PQresultStatus(result)
            PQclear(result)
            guard status == PGRES_COMMAND_OK else { throw DatabaseError(result: nil, connection: handle, sql: "NOTIFY") }
        }
        while let notification = PQnotifies(handle) {
            if String(cString: notification.pointee.relname) == watch.heartbeat {
                watch.lastHeard = ContinuousClock.now
            } else {
                watch.changed = true
            }
            PQfreemem(notification)
        }
    }

    /// Sends the heartbeat's NOTIFY without waiting for it: it comes back as a notice.
    func sendHeartbeat(_ watch: inout NoticeWatch) throws {
        guard PQsendQuery(handle, "NOTIFY \(watch.heartbeat)") == 1 else {
            throw DatabaseError(result: nil, connection: handle, sql: "NOTIFY")
        }
        watch.awaitingResult = true
        watch.lastSent = ContinuousClock.now
    }

    /// Waits until something arrives on the connection, or `milliseconds` have passed.
    func waitForInput(milliseconds: Int32) throws {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, milliseconds) < 0, errno != EINTR {
            throw DatabaseError.postgreSQL(.unavailable, code: "08006", "waiting for notices failed: \(String(cString: strerror(errno)))")
        }
    }
}
