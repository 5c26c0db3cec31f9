import Crypto
import Foundation
import SQLDatabase

/// A signed-in browser.
public struct Session: Sendable, Equatable {
    public let account: Account
    /// Sent back with every form of this session; checked on every state-changing request.
    public let csrfToken: String
    let tokenHash: [UInt8]

    /// Names this session among others without being its secret: the hash of its cookie's value.
    public var id: [UInt8] { tokenHash }
}

/// One of an account's live sessions, as its Signed in screen lists them: when it began and was
/// last used (to the hour: `SessionStore.touchInterval`), and whether it is the browser asking.
public struct SessionSummary: Sendable, Equatable {
    /// Seconds since 1970, UTC.
    public let startedAt: Int64
    public let lastUsedAt: Int64
    public let isCurrent: Bool
}

/// What a sign-in gives the browser: the cookie value (never stored) and the session.
public struct SessionGrant: Sendable {
    public let token: String
    public let session: Session
}

/// Sessions: 256-bit random ids of which only the hash is stored; they end after 30 days,
/// after 7 days unused, at sign-out, or when the account's password changes.
public struct SessionStore: Sendable {
    public static let lifetime: Int64 = 30 * 24 * 3600
    public static let idleLifetime: Int64 = 7 * 24 * 3600
    /// `last_used_at` is written at most this often: a write per request would cost an fsync each.
    static let touchInterval: Int64 = 3600

    let database: Database
    let clock: WallClock
    /// Sessions read since the database last changed, by token hash: a request then reads no
    /// row (and, on PostgreSQL, waits for no round trip) to know who sent it. Any change
    /// anywhere (a sign-out, a password changed on another instance) empties it.
    private let recent = ChangeStampedCache<[UInt8], StoredSession>(costLimit: 10_000)

    public init(database: Database, clock: WallClock = .system) {
        self.database = database
        self.clock = clock
    }

    public func start(for account: Account) throws -> SessionGrant {
        try database.write { db in try start(for: account, in: db) }
    }

    func start(for account: Account, in db: Connection) throws -> SessionGrant {
        let secret = Secret.generate()
        let csrf = SecureRandom.token()
        let now = clock.seconds
        try db.execute(
            """
            INSERT INTO sessions (token_hash, account_id, csrf_token, created_at, last_used_at)
            VALUES (\(secret.hash), \(account.id.rawValue), \(csrf), \(now), \(now))
            """)
        return SessionGrant(token: secret.token, session: Session(account: account, csrfToken: csrf, tokenHash: secret.hash))
    }

    /// The live session for a cookie value; nil for an unknown, malformed or expired one
    /// (an expired one is deleted on the way).
    public func session(token: String) throws -> Session? {
        try session(token: token, stamp: database.changeStamp())
    }

    /// The same, the database's change stamp taken by the caller before (`Database.changeStamp()`),
    /// so that the session and what the caller reads next are of the same state.
    public func session(token: String, stamp: UInt64?) throws -> Session? {
        guard let hash = Secret.hash(ofToken: token) else { return nil }
        let now = clock.seconds
        let kept = stamp.flatMap { recent.value(for: hash, at: $0) }
        guard let stored = try kept ?? storedSession(hash: hash) else { return nil }
        guard now - stored.createdAt < SessionStore.lifetime, now - stored.lastUsedAt < SessionStore.idleLifetime else {
            try database.write { db in try db.execute("DELETE FROM sessions WHERE token_hash = \(hash)") }
            return nil
        }
        if now - stored.lastUsedAt >= SessionStore.touchInterval {
            try database.write { db in try db.execute("UPDATE sessions SET last_used_at = \(now) WHERE token_hash = \(hash)") }
        } else if kept == nil, let stamp {
            recent.keep(stored, for: hash, at: stamp)
        }
        return stored.session
    }

    private func storedSession(hash: [UInt8]) throws -> StoredSession? {
        let found = try database.fetchOne(
            """
            SELECT s.csrf_token, s.created_at, s.last_used_at, a.id, a.name, a.is_owner, a.created_at AS account_created_at
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = \(hash)
            """)
        guard let row = found else { return nil }
        let account = Account(
            id: AccountID(try row["id"]), name: try row["name"], isOwner: try row["is_owner"],
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row["account_created_at"] as Int64))
        )
        return StoredSession(
            session: Session(account: account, csrfToken: try row["csrf_token"], tokenHash: hash),
            createdAt: try row["created_at"], lastUsedAt: try row["last_used_at"]
        )
    }

    /// Signs out: the session ends wherever its cookie is used.
    public func end(_ session: Session) throws {
        try database.write { db in try db.execute("DELETE FROM sessions WHERE token_hash = \(session.tokenHash)") }
    }

    /// The account's live sessions, `current` first, then the most recently used; none past its lifetimes.
    public func sessions(of current: Session) throws -> [SessionSummary] {
        let now = clock.seconds
        let rows = try database.read { db in
            try db.fetchAll(
                """
                SELECT token_hash, created_at, last_used_at FROM sessions
                WHERE account_id = \(current.account.id.rawValue)
                  AND created_at > \(now - SessionStore.lifetime) AND last_used_at > \(now - SessionStore.idleLifetime)
                ORDER BY last_used_at DESC, created_at DESC
                """
            ) { row in
                SessionSummary(
                    startedAt: try row["created_at"], lastUsedAt: try row["last_used_at"],
                    isCurrent: (try row["token_hash"] as [UInt8]) == current.tokenHash)
            }
        }
        return rows.filter(\.isCurrent) + rows.filter { !$0.isCurrent }
    }

    /// Signs the account out everywhere but `current`: its other sessions end. How many ended.
    @discardableResult
    public func endOthers(than current: Session) throws -> Int {
        try database.write { db in
            let others: Int =
                try db.fetchValue(
                    """
                    SELECT count(*) FROM sessions WHERE account_id = \(current.account.id.rawValue) AND token_hash <> \(current.tokenHash)
                    """) ?? 0
            try db.execute(
                "DELETE FROM sessions WHERE account_id = \(current.account.id.rawValue) AND token_hash <> \(current.tokenHash)")
            return others
        }
    }

    /// Removes sessions past their lifetime, so the table does not grow with abandoned ones.
    public func removeExpired() throws {
        let now = clock.seconds
        try database.write { db in
            try db.execute(
                """
                DELETE FROM sessions WHERE created_at <= \(now - SessionStore.lifetime) OR last_used_at <= \
                \(now - SessionStore.idleLifetime)
                """)
        }
    }
}

/// A session's row as read: what it gives, and the times its lifetimes are counted from.
private struct StoredSession: Sendable {
    let session: Session
    let createdAt: Int64
    let lastUsedAt: Int64
}
