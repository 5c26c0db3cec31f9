import Foundation
import SQLDatabase
internal import CSQLite

/// A database file shared by threads: one writer connection, taken in turn, and a pool of
/// read-only connections, so reads run in parallel with each other and with the write.
///
/// The library's file is in WAL mode, so a reader sees the last committed state and never
/// waits for the writer; a document uses a rollback journal, so it is one file between writes.
public final class SQLiteDatabase: Database {
    public var engine: DatabaseEngine { .sqlite }
    public let path: String
    private let writer: ConnectionPool
    private let readers: ConnectionPool
    private let changes: ChangeWatch
    private let steps = StepCount()

    /// Opens the database at `path`, creating the file (its folder must exist) and applying
    /// the `migrations` not yet applied, in order.
    /// How often, at most, another process's commits are looked for (`changeStamp()`).
    public static let changeCheckInterval = Duration.milliseconds(10)

    public init(
        path: String, readers readerCount: Int = 4, migrations: [Migration] = [], journal: JournalMode = .wal,
        changeCheckInterval: Duration = SQLiteDatabase.changeCheckInterval
    ) throws {
        guard readerCount > 0 else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "a database needs at least one reader, not \(readerCount)")
        }
        try Self.checkFolderExists(for: path)
        // The writer first: it creates the file and the schema the readers will open.
        let writerConnection = try SQLiteConnection(path: path, journal: journal)
        // A database without migrations (a document with a schema of its own) gets no
        // bookkeeping table either.
        if !migrations.isEmpty { try Migrator(migrations: migrations).migrate(writerConnection) }
        let readerConnections = try (0..<readerCount).map { _ in
            try SQLiteConnection(path: path, readOnly: true, journal: journal)
        }
        self.path = path
        writer = ConnectionPool([writerConnection])
        readers = ConnectionPool(readerConnections)
        changes = ChangeWatch(path: path, journal: journal, checkInterval: changeCheckInterval)
        for connection in [writerConnection] + readerConnections { connection.stepCount = steps }
    }

    /// How many steps SQLite's virtual machine has taken for this database's statements, on
    /// every connection: what its queries cost, counted rather than timed (a query that walks a
    /// thousand rows takes thousands), so a test can show that a page's cost does not grow with
    /// the data behind it.
    public var stepsTaken: Int64 {
        steps.total
    }

    /// Moves at once with this process's writes, and within `changeCheckInterval` with another
    /// process's (see `ChangeWatch`). Nil while the file cannot be read.
    public func changeStamp() -> UInt64? {
        changes.stamp()
    }

    /// Runs `body` with a reader, inside a transaction so that all its queries see one
    /// snapshot. Waits while every reader is busy. `body` may not write, and must not keep
    /// the connection.
    public func read<T>(_ body: (any Connection) throws -> T) throws -> T {
        try readers.withConnection { connection in
            try connection.transaction(.deferred) { try body(connection) }
        }
    }

    /// One statement on a reader, which sees one snapshot by itself.
    public func fetchAll(_ sql: SQL) throws -> [Row] {
        try readers.withConnection { try $0.fetchAll(sql) }
    }

    public func fetchOne(_ sql: SQL) throws -> Row? {
        try readers.withConnection { try $0.fetchOne(sql) }
    }

    /// In a process of its own the statements cost no round trips: one read runs them in turn.
    public func fetchAll(together statements: [SQL]) throws -> [[Row]] {
        try read { connection in try statements.map { try connection.fetchAll($0) } }
    }

    /// Runs `body` with the writer inside BEGIN IMMEDIATE … COMMIT, rolled back when `body`
    /// throws. Writes are taken in turn. `body` must not keep the connection, nor call
    /// `write` again (it would wait for itself forever).
    public func write<T>(_ body: (any Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            let before = connection.totalChanges
            defer { if connection.totalChanges != before { changes.noteWrite() } }
            return try connection.transaction(.immediate) { try body(connection) }
        }
    }

    private static func checkFolderExists(for path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw DatabaseError(
                resultCode: SQLITE_CANTOPEN,
                message: "cannot create the database at \(path): the folder \(folder) does not exist"
            )
        }
    }
}
