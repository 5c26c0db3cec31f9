import Crypto
import Foundation
import SQLDatabase
import SQLite
import Synchronization
import TestDatabases
@testable import RoadTrip

/// A clock that stands still until the test moves it.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {  // 2026-01-01 00:00 UTC
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }
    var seconds: Int64 { Int64(now.timeIntervalSince1970) }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    var wallClock: WallClock { WallClock { [self] in now } }
}

extension TimeInterval {
    static let minute: TimeInterval = 60
    static let hour: TimeInterval = 3600
    static let day: TimeInterval = 24 * 3600
}

/// A library in a fresh data folder with a clock the test moves. Every password hash costs
/// 64 MiB and tens of milliseconds: tests make the accounts they need and no more.
final class AccountsFixture: Sendable {
    let data = FreshDataFolder()
    let clock = TestClock()
    let library: Library

    static let password = "correct horse battery"

    init(engine: DatabaseEngine = .sqlite) throws {
        library = try Library(
            folder: data.url, database: .migrated(for: engine, in: data.url), readers: 2, clock: clock.wallClock, hasher: .leastWork())
    }

    var accounts: AccountStore { library.accounts }
    var authenticator: Authenticator { library.authenticator }
    var sessions: SessionStore { library.authenticator.sessions }
    var setup: SetupStore { library.setup }

    /// The stored hash of `password`, made once for all tests: an account a test merely needs
    /// costs no hash of its own. Tests of creating an account call `accounts.create` instead. Made,
    /// as every hash of the fixture's library, at the least work Argon2id takes (`leastWork`).
    static let storedHash: String = (try? PasswordHasher.leastWork().hash(password)) ?? ""

    /// An account with `AccountsFixture.password`, stored as `AccountStore.create` stores it.
    @discardableResult
    func account(_ name: String, owner: Bool = false) throws -> Account {
        let name = try Credentials.validName(name)
        return try library.database.write { db in
            try accounts.insert(name: name, hash: AccountsFixture.storedHash, isOwner: owner, into: db)
        }
    }

    func rows(in table: String) throws -> Int {
        try library.database.read { db in try db.fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0 }
    }

    func sessionRows(of account: Account) throws -> Int {
        try library.database.read { db in try db.fetchValue("SELECT count(*) FROM sessions WHERE account_id = \(account.id.rawValue)") ?? 0
        }
    }

    func storedHash(of account: Account) throws -> String? {
        try library.database.read { db in try db.fetchValue("SELECT password_hash FROM accounts WHERE id = \(account.id.rawValue)") }
    }

    /// Signs in; fails the test's `try` unless the outcome is a session.
    func signIn(_ name: String, password: String = AccountsFixture.password, from address: String = "192.0.2.1", device: String? = nil)
        throws -> (grant: SessionGrant, device: String)
    {
        let outcome = try authenticator.signIn(name: name, password: password, address: address, deviceToken: device)
        guard case .signedIn(let grant, let deviceToken) = outcome else {
            throw FixtureFailure(description: "\(name) was not signed in: \(outcome)")
        }
        return (grant, deviceToken)
    }
}

extension LibraryDatabase {
    /// A new, empty library database on `engine`: SQLite in the test's data folder, or a new
    /// database on the test PostgreSQL server.
    static func fresh(for engine: DatabaseEngine) throws -> LibraryDatabase {
        switch engine {
        case .sqlite: .sqlite
        case .postgreSQL: .postgreSQL(try TestPostgreSQL.freshAddress())
        }
    }

    /// A new library database on `engine` for the data folder `folder`, as a library's first
    /// open leaves it (every migration applied) but copied from one migrated once: the
    /// fixtures make hundreds of libraries (`TestDatabase.placeSQLite`,
    /// `TestPostgreSQL.freshAddress(migratedBy:)`).
    static func migrated(for engine: DatabaseEngine, in folder: URL) throws -> LibraryDatabase {
        switch engine {
        case .sqlite:
            try TestDatabase.placeSQLite(at: sqlitePath(in: folder), migratedBy: Schema.migrations)
            return .sqlite
        case .postgreSQL:
            return .postgreSQL(try TestPostgreSQL.freshAddress(migratedBy: Schema.postgreSQLMigrations))
        }
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let description: String
}

extension SignInOutcome {
    var isRefused: Bool { if case .refused = self { true } else { false } }
    var isSignedIn: Bool { if case .signedIn = self { true } else { false } }
    /// The seconds to wait, when the outcome is a wait.
    var wait: Int64? { if case .wait(let seconds) = self { seconds } else { nil } }
}
