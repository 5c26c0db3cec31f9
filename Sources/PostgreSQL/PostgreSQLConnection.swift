import SQLDatabase
internal import CPostgreSQL

/// One connection to a PostgreSQL server, owned by this object and closed in deinit.
///
/// Not `Sendable`: libpq allows a connection to be used by one thread at a time.
/// `PostgreSQLDatabase` lends connections so that this holds; one lent to a `read` or
/// `write` body must not escape it.
final class PostgreSQLConnection: Connection {
    var engine: DatabaseEngine { .postgreSQL }
    let handle: OpaquePointer
    let address: PostgreSQLAddress
    var preparedStatements = PreparedStatements()
    /// How many `transaction` calls are open inside the outermost one: names their savepoints.
    var savepointDepth = 0
    /// Rows changed by the most recent INSERT, UPDATE, DELETE or MERGE.
    var changes = 0
    /// Set when the connection is in a state it must not be lent in again (a session lock that
    /// could not be released, a COPY begun): the pool closes it instead.
    var mustClose = false
    /// A read's BEGIN, not sent yet: it goes with the first statement (see `reading`).
    var deferredBegin: String?
    /// A read's COMMIT was sent and its answer not read yet (see `settle`).
    var commitInFlight = false

    /// 13 is the oldest release still supported upstream, and has `DROP DATABASE … WITH (FORCE)`.
    static let oldestServerVersion = 130000

    init(address: PostgreSQLAddress, settings: ConnectionSettings) throws {
        // libpq built without thread safety would share state between connections.
        guard PQisthreadsafe() == 1 else {
            throw DatabaseError.postgreSQL(.misuse, code: "0A000", "libpq was built without thread safety")
        }
        handle = try Self.connect(to: address, settings: settings)
        self.address = address
        PQsetNoticeProcessor(handle, ignoreNotice, nil)
        // From here deinit closes the handle if a step below throws.
        try checkServerVersion()
        try executeScript(settings.sessionScript)
    }

    deinit {
        PQfinish(handle)
    }

    /// False once the server closed the connection or it broke: it can only be replaced.
    var isBroken: Bool {
        PQstatus(handle) != CONNECTION_OK
    }

    var isInsideTransaction: Bool {
        if deferredBegin != nil { return true }
        // The last read's COMMIT is on its way: the connection is between transactions.
        if commitInFlight { return false }
        return switch PQtransactionStatus(handle) {
        case PQTRANS_INTRANS, PQTRANS_INERROR, PQTRANS_ACTIVE: true
        default: false
        }
    }

    /// Whether a statement failed in the current transaction, which then refuses everything
    /// but a rollback (unlike SQLite, which lets it go on).
    var isInFailedTransaction: Bool {
        PQtransactionStatus(handle) == PQTRANS_INERROR
    }

    private static func connect(to address: PostgreSQLAddress, settings: ConnectionSettings) throws -> OpaquePointer {
        // With expand_dbname, libpq reads the URL in the "dbname" slot and later options win.
        let options =
            settings.defaultConnectionOptions + [("dbname", address.url.value)]
            + ConnectionSettings.requiredConnectionOptions
        var keywords = CValueArray()
        var values = CValueArray()
        for (keyword, value) in options {
            keywords.append(keyword)
            values.append(value)
        }
        keywords.appendNil()
        values.appendNil()
        let connection = keywords.withPointers { keywords in
            values.withPointers { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw DatabaseError.unreachable(address, reason: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = address.libpqText(String(cString: PQerrorMessage(connection)))
            // A failed connection still holds memory that only PQfinish frees.
            PQfinish(connection)
            throw DatabaseError.unreachable(address, reason: reason)
        }
        return connection
    }

    private func checkServerVersion() throws {
        let version = Int(PQserverVersion(handle))
        guard version >= Self.oldestServerVersion else {
            let shown = version == 0 ? "unknown" : "\(version / 10000).\(version % 10000)"
            throw DatabaseError.postgreSQL(
                .other, code: "0A000",
                "the PostgreSQL server at \(address.redacted) is version \(shown); RoadTrip needs 13 or newer"
            )
        }
    }
}

/// libpq prints the server's notices ("relation … already exists, skipping") to standard
/// error by default: a library must not write there, and a notice may quote a value.
private func ignoreNotice(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {}

@available(*, unavailable, message: "a Connection must be used by one thread at a time")
extension PostgreSQLConnection: Sendable {}
