import SQLDatabase
internal import CSQLite

extension DatabaseError {
    /// An error in SQLite's terms: its result code (extended codes keep the primary code in
    /// their low byte) becomes the shared kind.
    init(resultCode: Int32, message: String, sql: String? = nil) {
        let kind: Kind =
            switch resultCode & 0xFF {
            case SQLITE_CONSTRAINT: .constraint
            case SQLITE_BUSY, SQLITE_LOCKED: .busy
            case SQLITE_MISMATCH: .mismatch
            case SQLITE_MISUSE, SQLITE_RANGE: .misuse
            default: .other
            }
        self.init(kind: kind, engine: DatabaseEngine.sqlite.rawValue, code: String(resultCode), message: message, sql: sql)
    }

    /// The error SQLite just reported on `connection` for a call that returned `code`.
    init(code: Int32, connection: OpaquePointer, sql: String?) {
        self.init(resultCode: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// SQLite's result code, e.g. 19 for a constraint violation; nil for another engine's error.
    public var resultCode: Int32? {
        engine == DatabaseEngine.sqlite.rawValue ? Int32(code) : nil
    }
}
