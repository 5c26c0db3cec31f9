import Foundation
import SQLDatabase

/// What a job does; its `key` says to what (a photo's content hash, a page's address).
public enum JobKind: String, Sendable, CaseIterable {
    /// Make a photo's missing thumbnail and preview. Key: the photo's id.
    case renditions
    /// Fetch an event page and keep a copy of it. Key: the page's address.
    case offlineCopy = "offline-copy"
    /// See which of a book's event pages have no fresh copy and queue their fetches. Key: the destination's id.
    case bookCopies = "book-copies"
    /// A scheduled backup (`BackupScheduler`). Key: the time it is due.
    case backup
    /// Look for trips in the days whose photos changed (`TripFinder`). Key: `library`, queued by the photos' triggers.
    case trips
    /// Put a found trip's photos into the vacation made of it (`FoundTrips.fill`). Key: the suggestion's id.
    case tripVacation = "trip-vacation"
    /// Make a video's rendition (`Library.runVideoJob`). Key: the photo's id.
    case video
    /// Report on or do an import asked for on the Import screen (`ImportRequests.run`). Key: the request's id.
    case libraryImport = "import"
    /// Write a vacation's printed book asked for in the browser (`VacationBooks.run`). Key: the vacation's id.
    case printedBook = "printed-book"
}

/// One job, as claimed by a worker.
public struct Job: Sendable, Equatable {
    public let id: Int64
    public let kind: JobKind
    public let key: String
    /// Claims so far, this one included: a worker that died while holding the job counts.
    public let attempts: Int
}

/// Background work kept in the library's database rather than in a process's memory, so no
/// instance holds work only it knows of: any instance may queue a job, one instance at a time
/// runs it under a lease it renews while working, and when that instance dies its lease
/// runs out and another instance takes the job up.
///
/// A job is queued once per (kind, key): asking again while it waits changes nothing.
public struct JobQueue: Sendable {
    let database: any Database
    let clock: WallClock
    /// Who holds a lease: this process, unique across the instances sharing the database.
    public let worker: String

    /// A lease lasts this long unless renewed; workers renew it every third of it.
    public static let lease: Int64 = 60
    /// A job is given up after this many claims; it stays, with its last error, for `failures`.
    public static let maximumAttempts = 5

    public init(database: any Database, clock: WallClock = .system, worker: String = JobQueue.processName()) {
        self.database = database
        self.clock = clock
        self.worker = worker
    }

    /// Queues a job for each key not queued already, all in one transaction (one commit, one
    /// fsync, however many keys); when every key is queued already, one read and no write. How
    /// many were queued now.
    @discardableResult
    public func enqueue(_ kind: JobKind, keys: [String]) throws -> Int {
        let queued = try self.queued(kind, among: keys)
        let keys = keys.filter { !queued.contains($0) }
        guard !keys.isEmpty else { return 0 }
        return try database.write { db in
            try keys.reduce(0) { queued, key in try enqueue(kind, key: key, in: db) ? queued + 1 : queued }
        }
    }

    /// Queues the job unless the same one is queued already. True when it was queued now.
    @discardableResult
    public func enqueue(_ kind: JobKind, key: String, after delay: Int64 = 0) throws -> Bool {
        try database.write { db in try enqueue(kind, key: key, after: delay, in: db) }
    }

    /// The same, inside a write already open: the job commits with the change that needs it.
    @discardableResult
    public func enqueue(_ kind: JobKind, key: String, after delay: Int64 = 0, in db: any Connection) throws -> Bool {
        let now = clock.seconds
        try db.execute(
            """
            INSERT INTO jobs (kind, key, run_after, created_at) VALUES (\(kind.rawValue), \(key), \(now + delay), \(now))
            ON CONFLICT (kind, key) DO NOTHING
            """)
        return db.changes > 0
    }

    /// The next job of these kinds that is due and that nobody holds, now leased to this
    /// worker; nil when there is none. On PostgreSQL the row is locked with SKIP LOCKED, so
    /// instances claiming at once take different jobs without waiting for each other.
    public func claim(_ kinds: [JobKind]) throws -> Job? {
        let now = clock.seconds
        let names = Self.sqlList(kinds)
        return try database.writeLockingOwnRows { db in
            let skipLocked = db.engine == .postgreSQL ? " FOR UPDATE SKIP LOCKED" : ""
            return try db.fetchOne(
                """
                UPDATE jobs SET leased_by = \(worker), lease_until = \(now + Self.lease), attempts = attempts + 1
                WHERE id = (
                    SELECT id FROM jobs
                    WHERE kind IN (\(raw: names)) AND failed_at IS NULL AND run_after <= \(now)
                        AND (lease_until IS NULL OR lease_until < \(now))
                    ORDER BY run_after, id LIMIT 1\(raw: skipLocked)
                )
                RETURNING id, kind, key, attempts
                """
            ).map(Self.job)
        }
    }

    /// Extends the lease; false when this worker no longer holds the job (its lease ran out
    /// and another took it), and so must stop.
    public func renew(_ job: Job) throws -> Bool {
        try database.write { db in
            try db.execute("UPDATE jobs SET lease_until = \(clock.seconds + Self.lease) WHERE id = \(job.id) AND leased_by = \(worker)")
            return db.changes == 1
        }
    }

    /// The job is done: it leaves the queue.
    public func finish(_ job: Job) throws {
        try database.write { db in try db.execute("DELETE FROM jobs WHERE id = \(job.id) AND leased_by = \(worker)") }
    }

    /// The job failed: it is tried again later (a minute, doubling), or given up after
    /// `maximumAttempts`, keeping the reason.
    public func fail(_ job: Job, reason: String) throws {
        let now = clock.seconds
        let delay = Int64(60) << Int64(min(job.attempts - 1, 6))
        let givenUp = job.attempts >= Self.maximumAttempts
        try database.write { db in
            try db.execute(
                """
                UPDATE jobs SET leased_by = NULL, lease_until = NULL, run_after = \(now + delay), last_error = \(reason),
                    failed_at = \(givenUp ? now : nil)
                WHERE id = \(job.id) AND leased_by = \(worker)
                """)
        }
    }

    /// Which of `keys` are queued as jobs of this kind (waiting, running or given up): one read.
    func queued(_ kind: JobKind, among keys: [String]) throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        let head: SQL = "\(keys[0])"
        let list = keys.dropFirst().reduce(head) { list, key in list + ", \(key)" }
        return Set(
            try database.fetchAll("SELECT key FROM jobs WHERE kind = \(kind.rawValue) AND key IN (" + list + ")") {
                try $0["key"] as String
            })
    }

    /// Whether a job of this kind and key is waiting or running (not given up).
    public func isQueued(_ kind: JobKind, key: String) throws -> Bool {
        try database.fetchValue("SELECT 1 FROM jobs WHERE kind = \(kind.rawValue) AND key = \(key) AND failed_at IS NULL") as Int? != nil
    }

    /// Whether any job of this kind is waiting or running (not given up).
    public func isQueued(kind: JobKind) throws -> Bool {
        try database.fetchValue("SELECT 1 FROM jobs WHERE kind = \(kind.rawValue) AND failed_at IS NULL LIMIT 1") as Int? != nil
    }

    /// Jobs waiting or running, per kind.
    public func pending() throws -> [JobKind: Int] {
        try database.read { db in
            let rows = try db.fetchAll("SELECT kind, count(*) AS n FROM jobs WHERE failed_at IS NULL GROUP BY kind") { row in
                (try row["kind"] as String, try row["n"] as Int)
            }
            return Dictionary(uniqueKeysWithValues: rows.compactMap { name, count in JobKind(rawValue: name).map { ($0, count) } })
        }
    }

    /// Jobs given up, with their last error, for `roadtrip jobs`.
    public func failures() throws -> [(job: Job, reason: String)] {
        try database.fetchAll("SELECT id, kind, key, attempts, last_error FROM jobs WHERE failed_at IS NOT NULL ORDER BY id") { row in
            (try Self.job(row), try row["last_error"] ?? "")
        }
    }

    private static func job(_ row: Row) throws -> Job {
        let name: String = try row["kind"]
        guard let kind = JobKind(rawValue: name) else {
            throw DatabaseError(kind: .mismatch, message: "a job of an unknown kind \"\(name)\"")
        }
        return Job(id: try row["id"], kind: kind, key: try row["key"], attempts: try row["attempts"])
    }

    /// The kinds as an SQL list: their names are this enum's own constants, never input.
    static func sqlList(_ kinds: [JobKind]) -> String {
        kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }

    /// host:pid:random — unique per process across machines sharing the database.
    public static func processName() -> String {
        let host = ProcessInfo.processInfo.hostName
        return "\(host):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"
    }
}

extension JobQueue {
    /// Jobs of these kinds that are due and that nobody holds.
    func due(_ kinds: [JobKind]) throws -> Int {
        let now = clock.seconds
        let names = Self.sqlList(kinds)
        return try database.fetchValue(
            """
            SELECT count(*) FROM jobs WHERE kind IN (\(raw: names)) AND failed_at IS NULL AND run_after <= \(now)
                AND (lease_until IS NULL OR lease_until < \(now))
            """) ?? 0
    }
}
