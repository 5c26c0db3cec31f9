import Crypto
import Foundation
import SQLDatabase

/// How a sign-in attempt ended.
public enum SignInOutcome: Sendable {
    /// `deviceToken` marks this browser as one that signed in to the account before.
    case signedIn(SessionGrant, deviceToken: String)
    /// Wrong name or password: which of the two is never said.
    case refused
    /// Too many failures: try again after this many seconds.
    case wait(seconds: Int64)
}

/// Signing in, signing out and changing one's own password.
public struct Authenticator: Sendable {
    public let accounts: AccountStore
    public let sessions: SessionStore
    let throttle: SignInThrottle
    let database: Database

    public init(database: Database, hasher: PasswordHasher, clock: WallClock = .system) {
        self.database = database
        accounts = AccountStore(database: database, hasher: hasher, clock: clock)
        sessions = SessionStore(database: database, clock: clock)
        throttle = SignInThrottle(clock: clock)
    }

    public func signIn(name rawName: String, password: String, address: String, deviceToken: String?) throws -> SignInOutcome {
        // No stored name or password is longer than the limits: such a name is counted (cut to
        // the limit) as a failure, and such a password is never hashed (an empty one is, so
        // that the time taken stays the same).
        let trimmed = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = String(trimmed.prefix(Credentials.maximumNameLength))
        let nameKey = Credentials.nameKey(name)
        let plausible = trimmed.count <= Credentials.maximumNameLength && password.count <= Credentials.maximumPasswordLength
        let device = deviceToken.flatMap(Secret.hash(ofToken:))
        let (reservation, stored) = try database.write { db in
            let stored = plausible ? try accounts.passwordHash(named: name, in: db) : nil
            let known = try stored.map { try isKnownDevice(device, of: $0.0.id, in: db) } ?? false
            return (try throttle.reserve(nameKey: nameKey, address: address, knownDevice: known, in: db), stored)
        }
        let failure: Int64
        switch reservation {
        case .wait(let seconds): return .wait(seconds: seconds)
        case .attempt(let row): failure = row
        }
        // An unknown name costs a hash check too, so the time taken does not tell names apart.
        let matches = accounts.hasher.verify(plausible ? password : "", against: stored?.1 ?? accounts.hasher.unmatchableHash())
        guard let (account, hash) = stored, matches else { return .refused }
        // A hash made with weaker limits than today's is made again while the password is at hand.
        let upgraded = accounts.hasher.needsRehash(hash) ? try? accounts.hasher.hash(password) : nil
        return try database.write { db in
            try throttle.forgive(failure, nameKey: nameKey, address: address, in: db)
            if let upgraded {
                try db.execute("UPDATE accounts SET password_hash = \(upgraded) WHERE id = \(account.id.rawValue)")
            }
            let grant = try sessions.start(for: account, in: db)
            return .signedIn(grant, deviceToken: try rememberDevice(deviceToken, hash: device, of: account.id, in: db))
        }
    }

    /// Changes the signed-in person's own password (the current one is required), ends the
    /// account's other sessions and replaces this one with a new id. A wrong current password
    /// counts as a failed sign-in for the account's name and `address`, so a stolen session
    /// cannot be used to guess the password faster than the sign-in form allows.
    public func changePassword(of session: Session, current: String, new: String, repeated: String, address: String) throws -> SessionGrant
    {
        try Credentials.validNewPassword(new, repeated: repeated)
        let nameKey = Credentials.nameKey(session.account.name)
        let reservation = try database.write { db in
            try throttle.reserve(nameKey: nameKey, address: address, knownDevice: false, in: db)
        }
        guard case .attempt(let failure) = reservation else {
            if case .wait(let seconds) = reservation { throw AccountError.tooManyAttempts(waitSeconds: seconds) }
            throw AccountError.wrongCurrentPassword
        }
        guard current.count <= Credentials.maximumPasswordLength, let stored = try accounts.passwordHash(of: session.account.id),
            accounts.hasher.verify(current, against: stored)
        else { throw AccountError.wrongCurrentPassword }
        let hash = try accounts.hasher.hash(new)
        return try database.write { db in
            try throttle.forgive(failure, nameKey: nameKey, address: address, in: db)
            try db.execute("UPDATE accounts SET password_hash = \(hash) WHERE id = \(session.account.id.rawValue)")
            try db.execute("DELETE FROM sessions WHERE account_id = \(session.account.id.rawValue)")
            return try sessions.start(for: session.account, in: db)
        }
    }

    public func signOut(_ session: Session) throws {
        try sessions.end(session)
    }

    private func isKnownDevice(_ hash: [UInt8]?, of account: AccountID, in db: Connection) throws -> Bool {
        guard let hash else { return false }
        let found: Int? = try db.fetchValue("SELECT 1 FROM known_devices WHERE token_hash = \(hash) AND account_id = \(account.rawValue)")
        return found != nil
    }

    private func rememberDevice(_ token: String?, hash: [UInt8]?, of account: AccountID, in db: Connection) throws -> String {
        if let token, try isKnownDevice(hash, of: account, in: db) { return token }
        let secret = Secret.generate()
        try db.execute(
            """
            INSERT INTO known_devices (token_hash, account_id, created_at) VALUES (\(secret.hash), \(account.rawValue), \
            \(throttle.clock.seconds))
            """
        )
        return secret.token
    }
}
