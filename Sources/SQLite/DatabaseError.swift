internal import CSQLite

/// A failure reported by SQLite (or by this wrapper, using SQLite's result codes).
///
/// Carries the SQL text so a log says which statement failed, but never the bound
/// arguments: they may hold passwords or other private data.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary result code, e.g. 19 for a constraint violation.
    public let resultCode: Int32
    public let message: String
    public let sql: String?

    public init(resultCode: Int32, message: String, sql: String? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// A UNIQUE, NOT NULL, CHECK, PRIMARY KEY or FOREIGN KEY constraint refused the change.
    public var isConstraintViolation: Bool { primaryResultCode == SQLITE_CONSTRAINT }

    /// Another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { primaryResultCode == SQLITE_BUSY }

    /// "SQLite error 19 (constraint): UNIQUE constraint failed: t.name — in: INSERT ..."
    public var description: String {
        var text = "SQLite error \(resultCode) (\(resultCodeName)): \(message)"
        if let sql {
            text += " — in: \(sql)"
        }
        return text
    }

    /// Extended codes keep the primary code in their low byte.
    private var primaryResultCode: Int32 { resultCode & 0xFF }

    private var resultCodeName: String {
        let names = Self.primaryResultCodeNames
        let code = Int(primaryResultCode)
        return names.indices.contains(code) ? names[code] : "unknown"
    }

    /// Indexed by code: SQLITE_OK is 0, SQLITE_ERROR 1, … SQLITE_WARNING 28.
    private static let primaryResultCodeNames = [
        "ok", "error", "internal", "perm", "abort", "busy", "locked", "nomem", "readonly",
        "interrupt", "ioerr", "corrupt", "notfound", "full", "cantopen", "protocol", "empty",
        "schema", "toobig", "constraint", "mismatch", "misuse", "nolfs", "auth", "format",
        "range", "notadb", "notice", "warning",
    ]
}

extension DatabaseError {
    /// The error SQLite just reported on `connection` for a call that returned `code`.
    init(code: Int32, connection: OpaquePointer, sql: String?) {
        self.init(resultCode: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}
