import SQLDatabase
internal import CPostgreSQL

extension DatabaseError {
    /// An error in PostgreSQL's terms: its SQLSTATE becomes the shared kind.
    init(sqlState: String, message: String, sql: String?) {
        self.init(
            kind: Self.kind(ofSQLState: sqlState), engine: DatabaseEngine.postgreSQL.rawValue, code: sqlState, message: message, sql: sql)
    }

    static func kind(ofSQLState sqlState: String) -> Kind {
        switch sqlState {
        case "40001", "40P01", "55P03": .busy  // serialization failure, deadlock, lock timeout
        case "57014": .timeout  // query cancelled: the statement timeout
        case "57P01", "57P02", "57P03": .unavailable  // shutting down, crashed, starting up
        case "25006": .misuse  // a write inside `read`
        default:
            switch sqlState.prefix(2) {
            case "23": .constraint
            case "08": .unavailable
            case "42": .misuse
            default: .other
            }
        }
    }

    /// An error this engine raises itself, under the SQLSTATE the standard gives it.
    static func postgreSQL(_ kind: Kind, code: String, _ message: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(kind: kind, engine: DatabaseEngine.postgreSQL.rawValue, code: code, message: message, sql: sql)
    }

    /// Connecting failed: the server is down, unreachable, or refused the credentials.
    static func unreachable(_ address: PostgreSQLAddress, reason: String) -> DatabaseError {
        .postgreSQL(.unavailable, code: "08001", "cannot reach the database at \(address.redacted): \(reason)")
    }

    /// The error of a statement that failed on `connection`, from its result when there is one.
    ///
    /// The message is PostgreSQL's primary message only: the detail line quotes the values of
    /// a conflicting row (`Key (name)=(…) already exists`), which may be private.
    init(result: OpaquePointer?, connection: OpaquePointer, sql: String) {
        let field = { (code: Int32) in result.flatMap { PQresultErrorField($0, code) }.map { String(cString: $0) } }
        let sqlState = field(CPostgreSQL_DIAG_SQLSTATE)
        let whole = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) }
        var message = field(CPostgreSQL_DIAG_MESSAGE_PRIMARY) ?? whole ?? String(cString: PQerrorMessage(connection))
        message = libpqText(message, hiding: [])
        if message.isEmpty { message = "unknown error" }
        if let sqlState, sqlState.hasPrefix("22") {
            message = Self.withoutQuotedValue(message)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            // Whatever the server said last, the connection is gone: what the caller must know.
            self.init(kind: .unavailable, engine: DatabaseEngine.postgreSQL.rawValue, code: sqlState ?? "08006", message: message, sql: sql)
            return
        }
        self.init(sqlState: sqlState ?? "XX000", message: message, sql: sql)
    }

    /// Data errors quote the text they could not read (`invalid input syntax for type
    /// integer: "…"`), which may be a bound value: the quote is left out.
    private static func withoutQuotedValue(_ message: String) -> String {
        guard message.hasSuffix("\""), let range = message.range(of: ": \"") else { return message }
        return String(message[..<range.lowerBound])
    }

    /// The SQLSTATE, e.g. "23505" for a unique violation; nil for another engine's error.
    public var sqlState: String? {
        engine == DatabaseEngine.postgreSQL.rawValue ? code : nil
    }
}
