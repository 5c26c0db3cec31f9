import SQLDatabase

/// Slows down password guessing: after 5 failures for one key (an account's name, a link) or
/// from one address within 15 minutes, further attempts wait until the oldest of those failures
/// is 15 minutes old.
///
/// An attempt is counted as a failure *before* its password is checked, in the same write
/// transaction as the check for a wait, and forgiven only when the password was right: guesses
/// sent all at once are held like guesses sent one after another.
///
/// Each kind of password counts in a scope of its own (`Scope`): no name typed at sign-in
/// reaches a link's counter, and guessing at a link does not hold that address's sign-ins.
struct SignInThrottle: Sendable {
    static let limit = 5
    static let window: Int64 = 15 * 60

    /// Whose passwords the failures were for: a key and an address count only within their scope.
    enum Scope: String, Sendable {
        /// Accounts' passwords (signing in, changing one's own): keyed by the name typed.
        case signIn = "sign-in"
        /// Share links' passwords: keyed by the link's id.
        case link
    }

    enum Reservation {
        case wait(seconds: Int64)
        /// Go ahead; the failure row to forgive if the password is right.
        case attempt(failure: Int64)
    }

    let clock: WallClock
    var scope: Scope = .signIn

    /// A browser that signed in to this account before (`knownDevice`) is held only by its own
    /// address, so someone guessing from elsewhere cannot keep the account's person out.
    func reserve(nameKey: String, address: String, knownDevice: Bool, in db: Connection) throws -> Reservation {
        let now = clock.seconds
        try db.execute("DELETE FROM sign_in_failures WHERE failed_at <= \(now - SignInThrottle.window)")
        var waits = [try wait(column: "address", value: address, now: now, in: db)]
        if !knownDevice { waits.append(try wait(forKey: nameKey, in: db)) }
        if let longest = waits.max(), longest > 0 { return .wait(seconds: longest) }
        let insertedID = try db.insertReturningID(
            """
            INSERT INTO sign_in_failures (scope, name_key, address, failed_at) VALUES (\(scope.rawValue), \(nameKey), \(address), \(now))
            """)
        return .attempt(failure: insertedID)
    }

    /// The password was right: this attempt, and the earlier failures for the name from the same
    /// address, are forgiven. Failures from elsewhere still count against the name.
    func forgive(_ failure: Int64, nameKey: String, address: String, in db: Connection) throws {
        try db.execute(
            """
            DELETE FROM sign_in_failures WHERE id = \(failure) OR (scope = \(scope.rawValue) AND name_key = \(nameKey) AND address \
            = \(address))
            """)
    }

    /// Seconds until the key's own failures no longer hold it; 0 when they do not.
    func wait(forKey key: String, in db: Connection) throws -> Int64 {
        try wait(column: "name_key", value: key, now: clock.seconds, in: db)
    }

    private func wait(column: String, value: String, now: Int64, in db: Connection) throws -> Int64 {
        let recent: [Int64] = try db.fetchAll(
            """
            SELECT failed_at FROM sign_in_failures
            WHERE scope = \(scope.rawValue) AND \(raw: column) = \(value) AND failed_at > \(now - SignInThrottle.window)
            ORDER BY failed_at DESC LIMIT \(SignInThrottle.limit)
            """
        ) { try $0["failed_at"] }
        guard recent.count >= SignInThrottle.limit, let oldest = recent.last else { return 0 }
        return max(1, oldest + SignInThrottle.window - now)
    }
}
