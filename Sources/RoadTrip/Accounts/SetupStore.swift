import Crypto
import SQLDatabase

/// The first start: while no account exists, a one-time setup link creates the owner.
public struct SetupStore: Sendable {
    let database: Database
    let accounts: AccountStore
    let clock: WallClock

    public init(database: Database, accounts: AccountStore, clock: WallClock = .system) {
        self.database = database
        self.accounts = accounts
        self.clock = clock
    }

    /// A new setup token when no account exists (older ones stop working); nil otherwise.
    public func issueTokenIfNeeded() throws -> String? {
        try database.write { db in
            let count: Int = try db.fetchValue("SELECT count(*) FROM accounts") ?? 0
            try db.execute("DELETE FROM setup_tokens")
            guard count == 0 else { return nil }
            let secret = Secret.generate()
            try db.execute("INSERT INTO setup_tokens (token_hash, created_at) VALUES (\(secret.hash), \(clock.seconds))")
            return secret.token
        }
    }

    public func isValid(token: String) throws -> Bool {
        guard let hash = Secret.hash(ofToken: token) else { return false }
        return try database.read { db in
            let found: Int? = try db.fetchValue("SELECT 1 FROM setup_tokens WHERE token_hash = \(hash)")
            return found != nil
        }
    }

    /// Creates the owner and spends the token, in one transaction: a second submission of the
    /// same link finds the token gone and creates nothing.
    public func createOwner(token: String, name rawName: String, password: String, repeated: String) throws -> Account {
        guard let hash = Secret.hash(ofToken: token) else { throw AccountError.setupTokenInvalid }
        let name = try Credentials.validName(rawName)
        try Credentials.validNewPassword(password, repeated: repeated)
        let passwordHash = try accounts.hasher.hash(password)
        return try database.write { db in
            let count: Int = try db.fetchValue("SELECT count(*) FROM accounts") ?? 0
            guard count == 0 else { throw AccountError.alreadySetUp }
            try db.execute("DELETE FROM setup_tokens WHERE token_hash = \(hash)")
            guard db.changes == 1 else { throw AccountError.setupTokenInvalid }
            try db.execute("DELETE FROM setup_tokens")
            return try accounts.insert(name: name, hash: passwordHash, isOwner: true, into: db)
        }
    }
}
