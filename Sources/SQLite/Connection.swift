import SQLDatabase
internal import CSQLite
#if canImport(Glibc)
    import Glibc
#endif

/// One SQLite connection, owned by this object and closed in deinit.
///
/// Not `Sendable`: use it from one thread at a time. `SQLiteDatabase` hands connections out so
/// that this holds; a connection handed to a `read` or `write` body must not escape it.
public final class SQLiteConnection: Connection {
    public var engine: DatabaseEngine { .sqlite }
    let handle: OpaquePointer
    /// Compiled statements by SQL text, so each text is compiled once per connection.
    private var statements: [String: Statement] = [:]
    /// How many `transaction` calls are open inside the outermost one: names their savepoints.
    var savepointDepth = 0
    /// Where the steps its statements take are counted (its database's), if anywhere.
    var stepCount: StepCount?

    /// Past this many distinct SQL texts the cache is emptied: SQL built with a varying
    /// shape (an `IN` list of any length) must not grow memory without bound.
    private static let statementCacheLimit = 256
    /// How much of the file a reader maps (address space, not memory: pages are shared with
    /// the kernel's cache).
    static let readerMapSize = 1 << 30

    /// Opens (for a writer, creating) the database at `path`, a plain file path: URI
    /// file names are not interpreted.
    ///
    /// Every connection waits up to 5 s for a lock and enforces foreign keys. A writer also
    /// switches the database to WAL, so readers never block it, with synchronous FULL, so
    /// a commit survives a power cut.
    public init(path: String, readOnly: Bool = false, journal: JournalMode = .wal) throws {
        // NOMUTEX needs SQLite built thread-safe, or a connection must never change threads.
        guard sqlite3_threadsafe() != 0 else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "SQLite was built without thread safety")
        }
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        if !readOnly { Self.createPrivately(path) }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_NOMUTEX | access, nil)
        guard let opened else {
            throw DatabaseError(resultCode: SQLITE_NOMEM, message: "out of memory opening database at \(path)")
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            // Even a failed open allocates a handle that must be closed.
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: code, message: "\(message): \(path)")
        }
        handle = opened
        try configure(readOnly: readOnly, journal: journal)
    }

    /// Creates the file, empty (an empty file is an empty database), readable by its owner
    /// alone whatever the umask and the folder: a database holds password hashes and keys.
    /// SQLite gives its WAL and shared-memory files the database's mode. An existing file is
    /// left as it is; any failure is SQLite's to report when it opens the path.
    static func createPrivately(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        // The mode given to open(2) is narrowed by the umask, never widened: 0600 stays 0600.
        close(descriptor)
    }

    deinit {
        // Finalize the statements first so the close below releases everything at once.
        statements.removeAll()
        // close_v2 only fails for a handle that is not a connection, and this one is.
        sqlite3_close_v2(handle)
    }

    /// The rowid of the most recent INSERT on this connection (SQLite's own; shared code uses
    /// `insertReturningID`).
    public var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// `PRAGMA data_version`: changes when another connection, of any process, has committed
    /// since this one last asked.
    func dataVersion() throws -> Int64 {
        try run("PRAGMA data_version") { statement in
            guard let row = try statement.nextRow() else {
                throw DatabaseError(resultCode: SQLITE_ERROR, message: "PRAGMA data_version gave no row", sql: "PRAGMA data_version")
            }
            return try row[0] as Int64
        }
    }

    /// Rows changed by INSERT, UPDATE and DELETE since the connection opened.
    var totalChanges: Int64 {
        sqlite3_total_changes64(handle)
    }

    var cachedStatementCount: Int {
        statements.count
    }

    /// Binds `sql`'s arguments to its compiled statement and lets `body` step it.
    ///
    /// Statements are compiled once and cached, except when `cached` is false: one-off SQL
    /// such as the PRAGMAs at opening.
    func run<T>(_ sql: SQL, cached: Bool = true, _ body: (Statement) throws -> T) throws -> T {
        let statement = try cached ? statement(for: sql.text) : Statement(sql: sql.text, connection: handle)
        defer { stepCount?.add(statement.takeSteps()) }
        return try statement.run(sql.arguments, body)
    }

    private func statement(for text: String) throws -> Statement {
        if let statement = statements[text] {
            return statement
        }
        let statement = try Statement(sql: text, connection: handle)
        if statements.count >= Self.statementCacheLimit {
            statements.removeAll()
        }
        statements[text] = statement
        return statement
    }

    private func configure(readOnly: Bool, journal: JournalMode) throws {
        let code = sqlite3_busy_timeout(handle, 5000)
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: handle, sql: nil)
        }
        try run("PRAGMA foreign_keys = ON", cached: false) { _ = try $0.allRows() }
        // Views and triggers of a file from elsewhere may not call functions with side effects.
        try run("PRAGMA trusted_schema = OFF", cached: false) { _ = try $0.allRows() }
        guard !readOnly else {
            // Readers read pages straight from the file's mapping rather than copying each
            // from the kernel (a map view of a million photos reads hundreds of scattered rows).
            try run("PRAGMA mmap_size = \(raw: String(Self.readerMapSize))", cached: false) { _ = try $0.allRows() }
            return
        }
        if journal == .rollback {
            try run("PRAGMA journal_mode = DELETE", cached: false) { _ = try $0.allRows() }
            try run("PRAGMA synchronous = FULL", cached: false) { _ = try $0.allRows() }
            return
        }

        let walSQL: SQL = "PRAGMA journal_mode = WAL"
        let mode = try switchToWAL(walSQL)
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(
                resultCode: SQLITE_ERROR,
                message: "the database refused WAL journal mode (it answered \(mode ?? "nothing"))",
                sql: walSQL.text
            )
        }
        try run("PRAGMA synchronous = FULL", cached: false) { _ = try $0.allRows() }
    }

    /// WAL is recorded in the file, so once set, later opens find it and take no lock. Setting
    /// it needs an exclusive lock, and SQLite answers "busy" at once there, without the busy
    /// timeout: processes opening a new file together retry for up to the same 5 s.
    private func switchToWAL(_ walSQL: SQL) throws -> String? {
        let current = try run("PRAGMA journal_mode", cached: false) { try $0.nextRow() }.map { try $0[0] as String }
        if current?.lowercased() == "wal" { return current }
        var waited: Int32 = 0
        while true {
            do {
                return try run(walSQL, cached: false) { try $0.nextRow() }.map { try $0[0] as String }
            } catch let error as DatabaseError where error.isBusy && waited < 5000 {
                sqlite3_sleep(10)
                waited += 10
            }
        }
    }
}

/// How a connection keeps its database consistent through a crash.
public enum JournalMode: Sendable {
    /// A write-ahead log beside the file: readers never wait for the writer. For the library.
    case wal
    /// A rollback journal that exists only during a write: between writes the database is one
    /// self-contained file, to be copied, exported or sent. For documents.
    case rollback
}

@available(*, unavailable, message: "a Connection must be used by one thread at a time")
extension SQLiteConnection: Sendable {}
