import Foundation
import SQLDatabase

/// One backup attempt, as Settings shows it.
public struct BackupRecord: Sendable, Equatable {
    public let id: Int64
    public let startedAt: Int64
    public let finishedAt: Int64
    public let folder: String
    /// The snapshot's name; nil when the backup failed.
    public let snapshot: String?
    public let files: Int
    public let bytes: Int64
    public let copiedBytes: Int64
    /// Complete snapshots in the folder after it.
    public let kept: Int
    /// Why it failed, in words; nil when it succeeded.
    public let error: String?
    public let scheduled: Bool

    public var succeeded: Bool { error == nil }
}

/// The latest attempt and the latest success, which may be the same.
public struct BackupStatus: Sendable, Equatable {
    public let latest: BackupRecord?
    public let lastSuccess: BackupRecord?

    /// What the owner is warned of on every page until a backup succeeds: the latest attempt
    /// failed, or with a schedule the last success is older than the interval and a grace
    /// (`BackupSchedule.grace`).
    public func warning(schedule: BackupSchedule?, now: Int64) -> BackupWarning? {
        if let latest, !latest.succeeded { return .failed(latest) }
        guard let schedule, let lastSuccess else { return nil }
        let due = lastSuccess.finishedAt + schedule.every
        return now > due + schedule.grace ? .overdue(lastSuccess: lastSuccess, due: due) : nil
    }
}

public enum BackupWarning: Sendable, Equatable {
    case failed(BackupRecord)
    case overdue(lastSuccess: BackupRecord, due: Int64)
}

/// Backups as they happened, kept in the library so that every instance's Settings shows
/// them, whichever instance (or command) made them. The newest `kept` are kept.
public final class BackupLog: Sendable {
    let database: any Database
    let clock: WallClock
    /// The status read under each change stamp: asked on every page the owner opens (the banner).
    private let cache = ChangeStampedCache<Int, BackupStatus>(costLimit: 1)

    public static let kept = 100

    init(database: any Database, clock: WallClock) {
        self.database = database
        self.clock = clock
    }

    /// Records a backup that made a snapshot.
    public func record(_ result: BackupResult, startedAt: Int64, scheduled: Bool) throws {
        try insert(
            startedAt: startedAt, folder: result.snapshot.deletingLastPathComponent().path, snapshot: result.name,
            files: result.files, bytes: result.bytes, copied: result.copiedBytes, kept: result.kept, error: nil, scheduled: scheduled)
    }

    /// Records a backup that failed, with the reason.
    public func recordFailure(_ reason: String, folder: URL, startedAt: Int64, scheduled: Bool) throws {
        try insert(
            startedAt: startedAt, folder: folder.path, snapshot: nil, files: 0, bytes: 0, copied: 0, kept: 0,
            error: reason.isEmpty ? "unknown" : reason, scheduled: scheduled)
    }

    private func insert(
        startedAt: Int64, folder: String, snapshot: String?, files: Int, bytes: Int64, copied: Int64, kept: Int,
        error: String?, scheduled: Bool
    ) throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO backups (started_at, finished_at, folder, snapshot, files, bytes, copied_bytes, kept, error, scheduled)
                VALUES (\(startedAt), \(clock.seconds), \(folder), \(snapshot), \(files), \(bytes), \(copied), \(kept), \(error), \
                \(scheduled ? 1 : 0))
                """)
            try db.execute("DELETE FROM backups WHERE id <= (SELECT max(id) FROM backups) - \(Self.kept)")
        }
    }

    /// The latest attempt and the latest success, in one read (kept while nothing changes).
    public func status() throws -> BackupStatus {
        let stamp = database.changeStamp()
        if let stamp, let kept = cache.value(for: 0, at: stamp) { return kept }
        let rows = try database.fetchAll(
            """
            SELECT id, started_at, finished_at, folder, snapshot, files, bytes, copied_bytes, kept, error, scheduled FROM backups
            WHERE id = (SELECT max(id) FROM backups) OR id = (SELECT max(id) FROM backups WHERE error IS NULL)
            ORDER BY id DESC
            """
        ) { row in
            BackupRecord(
                id: try row["id"], startedAt: try row["started_at"], finishedAt: try row["finished_at"], folder: try row["folder"],
                snapshot: try row["snapshot"], files: try row["files"], bytes: try row["bytes"], copiedBytes: try row["copied_bytes"],
                kept: try row["kept"], error: try row["error"], scheduled: try row["scheduled"] as Int == 1
            )
        }
        let status = BackupStatus(latest: rows.first, lastSuccess: rows.first { $0.succeeded })
        if let stamp { cache.keep(status, for: 0, at: stamp) }
        return status
    }

    /// When the next scheduled backup is due; nil when none is queued.
    public func nextScheduled() throws -> Int64? {
        try database.fetchValue("SELECT min(run_after) FROM jobs WHERE kind = \(JobKind.backup.rawValue) AND failed_at IS NULL")
    }
}
