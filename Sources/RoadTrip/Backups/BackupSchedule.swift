import Foundation
import Synchronization

/// `roadtrip serve --backup-to DIR --backup-every 24h --backup-keep 14`.
public struct BackupSchedule: Sendable, Equatable {
    public let folder: URL
    /// Seconds between the end of one backup and the start of the next.
    public let every: Int64
    /// Complete snapshots kept, the newest; nil keeps all.
    public let keep: Int?

    public static let shortest: Int64 = 60
    public static let longest: Int64 = 366 * 86_400
    /// After a failure the next try comes this soon (or at the interval, if shorter).
    public static let retry: Int64 = 3600

    public init(folder: URL, every: Int64, keep: Int?) {
        self.folder = folder
        self.every = min(max(every, Self.shortest), Self.longest)
        self.keep = keep
    }

    /// How late past its time the next backup may be before the owner is warned: a quarter of
    /// the interval (6 hours for a daily backup), at least 15 minutes, for the backup's own time.
    public var grace: Int64 { max(every / 4, 900) }

    /// `--backup-every`'s value: a whole number of minutes, hours or days (`90m`, `24h`, `7d`).
    /// Nil for anything else, or outside a minute to a year.
    public static func interval(_ text: String) -> Int64? {
        guard let unit = text.last, let scale: Int64 = ["m": 60, "h": 3600, "d": 86_400][unit],
            let number = Int64(text.dropLast()), number > 0
        else { return nil }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: scale)
        guard !overflow, (shortest...longest).contains(seconds) else { return nil }
        return seconds
    }
}

/// Makes the scheduled backups as a background job (`JobKind.backup`), so that of several
/// instances sharing a library exactly one makes each: the job is claimed under a lease, as
/// the other jobs are. Each instance queues the next backup at its start unless one is
/// queued; the job that makes a backup records it (`BackupLog`) and queues the next, at the
/// interval after a success and sooner after a failure. Its key is the time it is due, so
/// instances starting together queue the same job once.
public final class BackupScheduler: Sendable {
    let library: Library
    public let schedule: BackupSchedule
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)

    public init(library: Library, schedule: BackupSchedule, log: @escaping @Sendable (String) -> Void) {
        self.library = library
        self.schedule = schedule
        self.log = log
    }

    /// Queues the next backup unless one is queued: due at the interval after the last
    /// attempt (sooner after a failure), at once when there was none.
    public func queueNext() throws {
        guard try !library.jobs.isQueued(kind: .backup) else { return }
        let status = try library.backups.status()
        guard let latest = status.latest else {
            try library.jobs.enqueue(.backup, key: "first")
            return
        }
        try queue(at: latest.finishedAt + (latest.succeeded ? schedule.every : min(schedule.every, BackupSchedule.retry)))
    }

    private func queue(at due: Int64) throws {
        try library.jobs.enqueue(.backup, key: "at-\(due)", after: max(0, due - library.clock.seconds))
    }

    /// The worker that makes the backups: one, as one backup runs at a time.
    public func runner() -> JobRunner {
        JobRunner(queue: library.jobs, kinds: [.backup], workers: 1, log: log) { [self] job in try backUp(job) }
    }

    /// A backup that is under way stops at its next file; the job is queued again for another
    /// instance, or the next start.
    public func stop() {
        stopping.store(true, ordering: .relaxed)
    }

    /// One scheduled backup: made, recorded, and the next queued. A failure is recorded and
    /// retried later, not thrown: the job is done either way. Stopped with the server, the
    /// backup leaves no snapshot and its job is given back, due at once for whichever instance
    /// takes it (this one's next start included).
    public func backUp(_ job: Job? = nil) throws {
        let started = library.clock.seconds
        var backup = LibraryBackup(folder: library.folder, location: library.location, to: schedule.folder)
        backup.keep = schedule.keep
        backup.clock = library.clock
        do {
            let result = try backup.run(isCancelled: { [self] in stopping.load(ordering: .relaxed) })
            try library.backups.record(result, startedAt: started, scheduled: true)
            log(
                """
                backup: \(result.name) in \(schedule.folder.path), \(result.files) files, \(result.copiedBytes) bytes new, \
                \(result.kept) kept
                """
            )
            for warning in result.warnings { log("backup: warning: \(warning)") }
            try queue(at: library.clock.seconds + schedule.every)
        } catch let error as BackupError where stopping.load(ordering: .relaxed) {
            log("backup: \(error)")
            // Not an attempt that failed: given back (unless the stop gave it back already).
            if let job { try library.jobs.release(job) }
        } catch let error as BackupError {
            log("backup failed: \(error)")
            try library.backups.recordFailure(error.description, folder: schedule.folder, startedAt: started, scheduled: true)
            try queue(at: library.clock.seconds + min(schedule.every, BackupSchedule.retry))
        }
    }
}
