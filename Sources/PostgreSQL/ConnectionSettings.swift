import SQLDatabase

/// The limits every connection of one database works within.
struct ConnectionSettings: Sendable {
    /// How long connecting may take. Also how long anything waits before giving up: a
    /// borrower for a free connection, a statement for a lock.
    let connectTimeout: Duration
    /// How long one statement may run before the server cancels it.
    let statementTimeout: Duration

    /// A transaction left open this long by a client that stopped talking (a process stopped
    /// in a debugger, a network gone quiet) is ended by the server, so its locks do not stop
    /// every other write for good.
    static let idleInTransactionTimeout = Duration.seconds(60)

    init(connectTimeout: Duration, statementTimeout: Duration) throws {
        for (name, value) in [("connectTimeout", connectTimeout), ("statementTimeout", statementTimeout)] where value <= .zero {
            throw DatabaseError(
                kind: .misuse, engine: DatabaseEngine.postgreSQL.rawValue,
                message: "\(name) must be longer than zero, not \(value)"
            )
        }
        self.connectTimeout = connectTimeout
        self.statementTimeout = statementTimeout
    }

    /// libpq counts whole seconds, and takes anything under 2 as 2.
    var connectTimeoutSeconds: Int64 {
        max(2, (connectTimeout.roundedUpMilliseconds + 999) / 1000)
    }

    /// Options given to libpq ahead of the URL, so that the URL's own values win.
    var defaultConnectionOptions: [(String, String)] {
        [
            ("connect_timeout", String(connectTimeoutSeconds)),
            ("application_name", "roadtrip"),
            // A server that vanished without closing the connection (a crashed machine, a
            // dropped network) is noticed within about half a minute, not hours.
            ("keepalives", "1"),
            ("keepalives_idle", "10"),
            ("keepalives_interval", "5"),
            ("keepalives_count", "3"),
            ("tcp_user_timeout", "30000"),
        ]
    }

    /// Options given after the URL, overriding it: what this code relies on. Text is
    /// decoded as UTF-8.
    static let requiredConnectionOptions = [("client_encoding", "UTF8")]

    /// Run once on every new connection. extra_float_digits 1: floats as the shortest text
    /// that reads back exactly, whatever the server's default. bytea_output: the form
    /// `ValueDecoding` reads. standard_conforming_strings: a backslash in '…' is a plain
    /// character, as the placeholder translation assumes. Read-only transactions by default:
    /// a statement run on its own (`PostgreSQLDatabase.fetchAll`) cannot write; writes begin
    /// READ WRITE.
    var sessionScript: String {
        """
        \(Self.readOnlySessionScript)
        SET statement_timeout = \(statementTimeout.roundedUpMilliseconds);
        SET lock_timeout = \(connectTimeout.roundedUpMilliseconds);
        SET idle_in_transaction_session_timeout = \(Self.idleInTransactionTimeout.roundedUpMilliseconds);
        SET extra_float_digits = 1;
        SET bytea_output = 'hex';
        SET standard_conforming_strings = on;
        """
    }

    /// Migrations may run longer than any request should, and waiting for another instance's
    /// migrations must not time out: both limits are lifted while migrating.
    /// Migrations also write outside `write`: transactions are writable meanwhile.
    static let unlimitedSessionScript = "SET statement_timeout = 0; SET lock_timeout = 0; \(writableSessionScript)"

    static let readOnlySessionScript = "SET default_transaction_read_only = on;"
    static let writableSessionScript = "SET default_transaction_read_only = off;"
}

extension Duration {
    /// At least 1 for any positive duration: PostgreSQL takes 0 to mean "no limit".
    var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
