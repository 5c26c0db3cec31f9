import Foundation
import SQLDatabase
internal import CPostgreSQL

/// Where a PostgreSQL database is: a `postgresql://` (or `postgres://`) URL as libpq reads it,
/// `postgresql://user:password@host:port/database?option=value`.
///
/// Its description, debug description and mirror are the redacted form, so printing an
/// address, dumping it, or an error naming it never shows the password.
public struct PostgreSQLAddress: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The URL as given, password and all: for libpq only.
    let url: Secret<String>
    /// The secret options' values as libpq decoded them, to scrub from libpq's messages
    /// (which should never hold them; this makes sure).
    let secrets: Secret<[String]>
    public let user: String?
    /// As libpq parsed it: a name, an IP address, a socket folder, or several, comma-separated.
    public let host: String?
    public let port: String?
    public let database: String?
    /// The URL rebuilt from libpq's reading of it with every secret option as `***`:
    /// `postgresql://roadtrip:***@127.0.0.1:5432/roadtrip` (see `ConnectionInfo`).
    public let redacted: String

    public init(_ url: String) throws {
        guard let scheme = ConnectionInfo.uriScheme(of: url) else {
            // Not echoed: it may be a key=value connection string with a password in it.
            throw DatabaseError.invalidAddress("a PostgreSQL address starts with postgresql:// or postgres://")
        }
        try URLParts.checkUserInfo(of: url, scheme: scheme)
        let options = try ConnectionOptions(parsing: url)
        self.url = Secret(url)
        secrets = Secret(options.secrets)
        user = options["user"]
        host = options["host"] ?? options["hostaddr"]
        port = options["port"]
        database = options["dbname"]
        redacted = options.forLogs(uriScheme: scheme)
    }

    public var description: String { redacted }
    public var debugDescription: String { "PostgreSQLAddress(\(redacted))" }
    public var customMirror: Mirror {
        Mirror(self, children: ["redacted": redacted], displayStyle: .struct)
    }

    /// The same server and credentials, another database on it.
    public func replacingDatabase(with name: String) throws -> PostgreSQLAddress {
        let scheme = url.value.hasPrefix("postgres://") ? "postgres://" : "postgresql://"
        return try PostgreSQLAddress(URLParts.replacingPath(of: url.value, scheme: scheme, with: name))
    }

    /// One of libpq's messages about this address, as one line and with its secrets hidden.
    func libpqText(_ message: String) -> String {
        PostgreSQL.libpqText(message, hiding: secrets.value)
    }
}

/// A value that shows as `***` in descriptions, dumps and mirrors.
struct Secret<Value: Sendable & Hashable>: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    var description: String { "***" }
    var debugDescription: String { "***" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension DatabaseError {
    static func invalidAddress(_ message: String) -> DatabaseError {
        DatabaseError(kind: .misuse, engine: DatabaseEngine.postgreSQL.rawValue, code: "08001", message: message)
    }
}
