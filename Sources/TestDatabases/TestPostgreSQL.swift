import Foundation
import Synchronization
import SQLDatabase
import PostgreSQL
import TestSupport

/// The PostgreSQL server tests share: the one ROADTRIP_TEST_POSTGRESQL names (as
/// `bin/with-postgresql`, and so `make unit`, sets it), or else one this process starts on
/// first use and stops when it exits.
public enum TestPostgreSQL {
    public static let environmentVariable = "ROADTRIP_TEST_POSTGRESQL"

    public static var url: String {
        get throws { try server.get().url }
    }

    /// The address of a new, empty database on that server, dropped when the process exits,
    /// so each test starts clean and tests run in parallel.
    public static func freshAddress() throws -> PostgreSQLAddress {
        try server.get().freshDatabase()
    }

    /// The address of a new database on that server with `migrations` applied, as
    /// `freshAddress` then opening it with them would leave it, but copied from a database
    /// migrated once per process: a library's schema is about a tenth of a second of the
    /// server's work to build, the tests make hundreds of libraries, and the server's time is
    /// time the other tests wait for.
    public static func freshAddress(migratedBy migrations: [Migration]) throws -> PostgreSQLAddress {
        try server.get().freshDatabase(migratedBy: migrations)
    }

    /// A new, empty database, opened; see `freshAddress`.
    public static func freshDatabase(
        migrations: [Migration] = [],
        connections: Int = 8,
        connectTimeout: Duration = .seconds(5),
        statementTimeout: Duration = .seconds(15)
    ) throws -> PostgreSQLDatabase {
        try PostgreSQLDatabase(
            address: freshAddress(), connections: connections, migrations: migrations,
            connectTimeout: connectTimeout, statementTimeout: statementTimeout
        )
    }

    /// Found or started once per process, on first use (a static `let` is initialised once,
    /// whichever thread asks first).
    private static let server = Result { try SharedServer() }
}

/// The server tests share, and the databases made on it.
private final class SharedServer: Sendable {
    /// The server's own database (`postgres`), where test databases are made.
    let url: String
    private let address: PostgreSQLAddress
    /// Creates and drops the test databases.
    private let admin: PostgreSQLDatabase
    /// Kept alive to the end of the process, when it stops: nil for a server given by URL.
    private let ownServer: ThrowawayPostgreSQL?

    init() throws {
        let given = ProcessInfo.processInfo.environment[TestPostgreSQL.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        ownServer = try given == nil ? ThrowawayPostgreSQL() : nil
        url = given ?? ownServer!.url
        address = try PostgreSQLAddress(url)
        admin = try PostgreSQLDatabase(address: address, connections: 4)
    }

    /// Databases with migrations applied, copied by `freshDatabase(migratedBy:)`, by their
    /// migrations (`Migration.key`). Nobody connects to them once migrated: a
    /// database is copied only while no session is connected to it.
    private let templates = Mutex<[String: String]>([:])

    func freshDatabase(migratedBy migrations: [Migration]) throws -> PostgreSQLAddress {
        let template = try templates.withLock { templates in
            let key = Migration.key(of: migrations)
            if let made = templates[key] { return made }
            let name = try newDatabase()
            // Migrated, then closed (its connection ends as the database is released).
            _ = try PostgreSQLDatabase(address: address.replacingDatabase(with: name), connections: 1, migrations: migrations)
            templates[key] = name
            return name
        }
        return try address.replacingDatabase(with: newDatabase(copying: template))
    }

    func freshDatabase() throws -> PostgreSQLAddress {
        try address.replacingDatabase(with: newDatabase())
    }

    /// The name of a new database, empty or a copy of `template`.
    private func newDatabase(copying template: String? = nil) throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try admin.outsideTransaction { try $0.executeScript("CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? "")) }
        // A server this process started is removed whole at exit; one given by URL is kept,
        // so what the tests made on it is dropped.
        if ownServer == nil {
            let admin = admin
            ExitCleanup.add {
                _ = try? admin.outsideTransaction { try $0.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
            }
        }
        return name
    }
}
