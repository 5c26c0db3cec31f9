import Foundation
import Synchronization

/// What `SQLiteDatabase.changeStamp()` answers from: a counter that grows with every write of
/// this process that changed a row, at once, and with the commits of other processes
/// (`roadtrip import` while the server runs), which a connection of its own finds through
/// `PRAGMA data_version`.
///
/// Asking SQLite takes a file lock, and every request asks for the stamp, so it is asked at
/// most every `checkInterval` (10 ms unless told otherwise) and by one thread at a time, the
/// others going on with the counter as it is: another process's change is seen within that
/// interval. The connection is opened at the first check, so a document read once never opens it.
///
/// `@unchecked Sendable` is sound because `connection` and `version` are only touched while
/// `lock` is held, which also keeps the connection's use serial (SQLite's multi-thread mode);
/// the rest are atomics.
final class ChangeWatch: @unchecked Sendable {
    private let checkInterval: Int64
    private let counter = Atomic<UInt64>(1)
    /// False while the file cannot be read: the stamp is then unknown.
    private let isReadable = Atomic<Bool>(true)
    /// When SQLite was last asked, in nanoseconds of `ContinuousClock` since `start`.
    private let lastCheck = Atomic<Int64>(Int64.min / 2)
    private let start = ContinuousClock.now
    private let lock = NSLock()
    private let path: String
    private let journal: JournalMode
    private var connection: SQLiteConnection?
    /// The data version last seen; nil before the first check and after a failed one.
    private var version: Int64?

    init(path: String, journal: JournalMode, checkInterval: Duration) {
        self.path = path
        self.journal = journal
        self.checkInterval = checkInterval.nanoseconds
    }

    func stamp() -> UInt64? {
        let now = nanosecondsSinceStart
        if now &- lastCheck.load(ordering: .relaxed) >= checkInterval, lock.try() {
            defer { lock.unlock() }
            lastCheck.store(now, ordering: .relaxed)
            check()
        }
        return isReadable.load(ordering: .acquiring) ? counter.load(ordering: .acquiring) : nil
    }

    /// A write of this process changed rows: its own next request sees it.
    func noteWrite() {
        counter.add(1, ordering: .releasing)
    }

    private func check() {
        do {
            let connection = try self.connection ?? SQLiteConnection(path: path, readOnly: true, journal: journal)
            self.connection = connection
            let now = try connection.dataVersion()
            // The first version seen counts as a change too: a write may have come between
            // the counter's start and this connection's opening.
            if now != version {
                version = now
                counter.add(1, ordering: .releasing)
            }
            isReadable.store(true, ordering: .releasing)
        } catch {
            connection = nil
            version = nil
            isReadable.store(false, ordering: .releasing)
        }
    }

    private var nanosecondsSinceStart: Int64 {
        (ContinuousClock.now - start).nanoseconds
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
