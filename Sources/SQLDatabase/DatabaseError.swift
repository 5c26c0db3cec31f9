/// A failure reported by a database engine, or by this interface on its behalf.
///
/// Carries the SQL text so a log says which statement failed, but never the bound
/// arguments: they may hold passwords or other private data.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in terms every engine shares, for the code that must react to it.
    public enum Kind: Sendable, Equatable {
        /// A UNIQUE, NOT NULL, CHECK, PRIMARY KEY or FOREIGN KEY constraint refused the change.
        case constraint
        /// Another connection held a lock for longer than the engine waits.
        case busy
        /// The database server cannot be reached, or the connection to it was lost.
        case unavailable
        /// A statement ran longer than the statement timeout.
        case timeout
        /// A column held a value of another type than the one asked for.
        case mismatch
        /// The program used the database wrongly (a missing column, a second statement).
        case misuse
        /// The database's schema is newer than this program.
        case newerSchema
        case other
    }

    public let kind: Kind
    /// "SQLite" or "PostgreSQL"; empty for errors this interface raises itself.
    public let engine: String
    /// The engine's own code: SQLite's extended result code, PostgreSQL's SQLSTATE.
    public let code: String
    public let message: String
    public let sql: String?

    public init(kind: Kind, engine: String = "", code: String = "", message: String, sql: String? = nil) {
        (self.kind, self.engine, self.code, self.message, self.sql) = (kind, engine, code, message, sql)
    }

    public var isConstraintViolation: Bool { kind == .constraint }
    public var isBusy: Bool { kind == .busy }
    /// The database is gone for now (unreachable, restarting, too slow): worth a 503 and a retry.
    public var isUnavailable: Bool { kind == .unavailable || kind == .timeout }

    /// "SQLite error 19 (constraint): UNIQUE constraint failed: t.name — in: INSERT ..."
    public var description: String {
        var text = engine.isEmpty ? "database error: \(message)" : "\(engine) error \(code) (\(kindName)): \(message)"
        if let sql {
            text += " — in: \(sql)"
        }
        return text
    }

    public func withMessage(_ message: String) -> DatabaseError {
        DatabaseError(kind: kind, engine: engine, code: code, message: message, sql: sql)
    }

    private var kindName: String {
        switch kind {
        case .constraint: "constraint"
        case .busy: "busy"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .mismatch: "mismatch"
        case .misuse: "misuse"
        case .newerSchema: "newer schema"
        case .other: "error"
        }
    }
}
