import Foundation
import SQLDatabase
import Synchronization

/// An import asked for on the owner's Import screen: its report first (a dry run), then the
/// import itself.
public struct AskedImport: Sendable, Equatable {
    public enum State: String, Sendable {
        case waiting, running, done, failed
    }

    public let id: Int64
    public let accountID: AccountID
    public let paths: [String]
    /// What the screen calls it: "takeout-001.zip, takeout-002.zip".
    public let label: String
    public let withTrash: Bool
    public let withArchive: Bool
    public let dryRun: Bool
    public let state: State
    /// Files done and to do, while it imports.
    public let done: Int
    public let total: Int
    /// What it said, a line each; while it runs, what it has said so far.
    public let report: String
    public let createdAt: Int64

    static let columns = "id, account_id, paths, label, with_trash, with_archive, dry_run, state, done, total, report, created_at"

    init(row: Row) throws {
        id = try row["id"]
        accountID = AccountID(try row["account_id"])
        let paths: String = try row["paths"]
        self.paths = (try? JSONDecoder().decode([String].self, from: Data(paths.utf8))) ?? []
        label = try row["label"]
        withTrash = try row["with_trash"]
        withArchive = try row["with_archive"]
        dryRun = try row["dry_run"]
        state = State(rawValue: try row["state"]) ?? .failed
        done = try row["done"]
        total = try row["total"]
        report = try row["report"]
        createdAt = try row["created_at"]
    }
}

/// The imports asked for on the owner's Import screen (`import_requests`): each done in the
/// background by whichever instance's import worker claims its job (`JobKind.libraryImport`),
/// saying what `roadtrip import` says (`LibraryImport`). An instance that dies while importing
/// leaves the job to another, whose import continues the run where it stopped.
public struct ImportRequests: Sendable {
    let library: Library

    /// Asks for the report on `paths` (`dryRun`) or their import, by `account`: queued at once.
    public func ask(paths: [String], label: String, by account: AccountID, withTrash: Bool, withArchive: Bool, dryRun: Bool) throws -> Int64
    {
        let encoded = String(decoding: try JSONEncoder().encode(paths), as: UTF8.self)
        return try library.database.write { db in
            let id = try db.insertReturningID(
                """
                INSERT INTO import_requests (account_id, paths, label, with_trash, with_archive, dry_run, state, created_at)
                VALUES (\(account.rawValue), \(encoded), \(label), \(withTrash), \(withArchive), \(dryRun), 'waiting', \
                \(library.clock.seconds))
                """)
            try library.jobs.enqueue(.libraryImport, key: String(id), in: db)
            return id
        }
    }

    public func request(_ id: Int64) throws -> AskedImport? {
        try library.database.fetchOne("SELECT \(raw: AskedImport.columns) FROM import_requests WHERE id = \(id)").map(AskedImport.init)
    }

    /// The latest asked, newest first.
    public func latest(limit: Int = 10) throws -> [AskedImport] {
        try library.database.fetchAll(
            "SELECT \(raw: AskedImport.columns) FROM import_requests ORDER BY id DESC LIMIT \(limit)", AskedImport.init)
    }

    /// Whether an import (not a report) waits or runs: Undo waits until it ends, as a run being
    /// undone while the worker adds to it would keep what came after.
    public func isImporting() throws -> Bool {
        try library.database.fetchValue(
            "SELECT EXISTS (SELECT 1 FROM import_requests WHERE state IN ('waiting', 'running') AND dry_run = 0)") ?? false
    }

    /// Does the request of the job `job`: the report or the import, its progress and what it says
    /// written as it goes (a line's worth at most every second), and its end. An error not the
    /// import's own (the database away) is the job's to try again; at its last try the request
    /// says it failed, and why.
    public func run(_ job: Job) throws {
        guard let id = Int64(job.key), let asked = try request(id), asked.state == .waiting || asked.state == .running else { return }
        do {
            try run(asked)
        } catch {
            if job.attempts >= JobQueue.maximumAttempts { try? fail(id, "It could not be done: \(error)") }
            throw error
        }
    }

    private func fail(_ id: Int64, _ reason: String) throws {
        try library.database.write { db in
            try db.execute(
                """
                UPDATE import_requests SET state = 'failed', finished_at = \(library.clock.seconds),
                    report = report || CASE WHEN report = '' THEN '' ELSE \("\n") END || \(reason)
                WHERE id = \(id)
                """)
        }
    }

    private func run(_ asked: AskedImport) throws {
        let id = asked.id
        guard let account = try library.accounts.account(id: asked.accountID) else { return try fail(id, "Its owner's account is gone.") }
        let database = library.database
        try database.write { db in
            try db.execute("UPDATE import_requests SET state = 'running', report = '', done = 0, total = 0 WHERE id = \(id)")
        }
        let said = Mutex<(lines: [String], written: ContinuousClock.Instant)>(([], .now))
        let write: @Sendable (ImportProgress?) -> Void = { progress in
            let report = said.withLock { $0.lines.joined(separator: "\n") }
            try? database.write { db in
                if let progress {
                    try db.execute(
                        "UPDATE import_requests SET report = \(report), done = \(progress.done), total = \(progress.total) WHERE id = \(id)"
                    )
                } else {
                    try db.execute("UPDATE import_requests SET report = \(report) WHERE id = \(id)")
                }
            }
        }
        let importer = LibraryImport(
            library: library,
            say: { line in said.withLock { $0.lines.append(line) } },
            warn: { line in said.withLock { $0.lines.append(line) } },
            progress: { progress in
                let due = said.withLock { state in
                    guard ContinuousClock.now - state.written >= .seconds(1) || progress.done == progress.total else { return false }
                    state.written = .now
                    return true
                }
                if due { write(progress) }
            },
            wording: .importScreen)
        var state = AskedImport.State.done
        do {
            try importer.run(
                ImportRequest(
                    paths: asked.paths, account: account, albumOwner: account, withTrash: asked.withTrash,
                    withArchive: asked.withArchive, dryRun: asked.dryRun))
        } catch {
            said.withLock { $0.lines.append(error.status == 2 ? "Some files were not imported." : error.message) }
            if error.status != 2 { state = .failed }
        }
        write(nil)
        try database.write { db in
            try db.execute("UPDATE import_requests SET state = \(state.rawValue), finished_at = \(library.clock.seconds) WHERE id = \(id)")
        }
    }
}

extension Library {
    public var importRequests: ImportRequests { ImportRequests(library: self) }

    /// The worker that does the imports asked for in the browser: one at a time, as each reads
    /// and writes as much as the machine gives it.
    public func importWorker(log: @escaping @Sendable (String) -> Void) -> JobRunner {
        JobRunner(queue: jobs, kinds: [.libraryImport], workers: 1, log: log) { [self] job in try importRequests.run(job) }
    }
}
