import Crypto
import Foundation
import SQLDatabase

/// The accounts of this RoadTrip, their passwords and who is the owner.
public struct AccountStore: Sendable {
    let database: Database
    let hasher: PasswordHasher
    let clock: WallClock

    public init(database: Database, hasher: PasswordHasher, clock: WallClock = .system) {
        self.database = database
        self.hasher = hasher
        self.clock = clock
    }

    public func all() throws -> [Account] {
        try database.fetchAll("SELECT id, name, is_owner, created_at FROM accounts ORDER BY name", AccountStore.account)
    }

    public func account(id: AccountID) throws -> Account? {
        try database.fetchOne("SELECT id, name, is_owner, created_at FROM accounts WHERE id = \(id.rawValue)").map(AccountStore.account)
    }

    public func account(named name: String) throws -> Account? {
        try database.fetchOne("SELECT id, name, is_owner, created_at FROM accounts WHERE name_key = \(Credentials.nameKey(name))").map(
            AccountStore.account)
    }

    public func isEmpty() throws -> Bool {
        try database.fetchValue("SELECT count(*) FROM accounts") ?? 0 == 0
    }

    /// Creates an account. The name and password are checked first; the (slow) hash is made
    /// outside the write transaction so that it never holds the writer.
    @discardableResult
    public func create(name rawName: String, password: String, repeated: String, isOwner: Bool = false) throws -> Account {
        let name = try Credentials.validName(rawName)
        try Credentials.validNewPassword(password, repeated: repeated)
        let hash = try hasher.hash(password)
        return try database.write { db in try insert(name: name, hash: hash, isOwner: isOwner, into: db) }
    }

    func insert(name: String, hash: String, isOwner: Bool, into db: Connection) throws -> Account {
        let key = Credentials.nameKey(name)
        let taken: String? = try db.fetchValue("SELECT name FROM accounts WHERE name_key = \(key)")
        guard taken == nil else { throw AccountError.nameTaken(taken ?? name) }
        let now = clock.seconds
        let insertedID = try db.insertReturningID(
            """
            INSERT INTO accounts (name, name_key, password_hash, is_owner, created_at) VALUES (\(name), \(key), \(hash), \(isOwner), \(now))
            """)
        return Account(id: AccountID(insertedID), name: name, isOwner: isOwner, createdAt: Date(timeIntervalSince1970: TimeInterval(now)))
    }

    /// Removes an account and everything that belongs to it (its sessions now; its recents and
    /// vacations later, by foreign key). The last owner stays.
    public func remove(_ id: AccountID, by actor: Account) throws {
        guard actor.mayManageAccounts else { throw AccountError.noSuchAccount }
        guard id != actor.id else { throw AccountError.cannotRemoveYourself }
        try removeFromShell(id)
    }

    /// Removes an account on the word of whoever runs the `roadtrip` command on this machine;
    /// the last owner still stays.
    public func removeFromShell(_ id: AccountID) throws {
        try database.write { db in
            guard let target = try db.fetchOne("SELECT is_owner FROM accounts WHERE id = \(id.rawValue)") else {
                throw AccountError.noSuchAccount
            }
            let owners: Int = try db.fetchValue("SELECT count(*) FROM accounts WHERE is_owner = 1") ?? 0
            if try target["is_owner"] as Bool, owners <= 1 { throw AccountError.lastOwner }
            try db.execute("DELETE FROM accounts WHERE id = \(id.rawValue)")
        }
    }

    /// Sets a new password and ends every session of the account (a reset by the owner, or
    /// the `user passwd` command). `changePassword` keeps the caller's own session.
    public func resetPassword(of id: AccountID, to password: String, repeated: String) throws {
        try Credentials.validNewPassword(password, repeated: repeated)
        let hash = try hasher.hash(password)
        try database.write { db in
            try db.execute("UPDATE accounts SET password_hash = \(hash) WHERE id = \(id.rawValue)")
            guard db.changes == 1 else { throw AccountError.noSuchAccount }
            try db.execute("DELETE FROM sessions WHERE account_id = \(id.rawValue)")
        }
    }

    /// The account and its password hash, for checking a password; nil when there is no such account.
    func passwordHash(named name: String, in db: Connection) throws -> (Account, String)? {
        try db.fetchOne("SELECT id, name, is_owner, created_at, password_hash FROM accounts WHERE name_key = \(Credentials.nameKey(name))")
            .map { row in
                (try AccountStore.account(row), try row["password_hash"] as String)
            }
    }

    func passwordHash(of id: AccountID) throws -> String? {
        try database.fetchValue("SELECT password_hash FROM accounts WHERE id = \(id.rawValue)")
    }

    static func account(_ row: Row) throws -> Account {
        Account(
            id: AccountID(try row["id"]), name: try row["name"], isOwner: try row["is_owner"],
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row["created_at"] as Int64))
        )
    }
}
