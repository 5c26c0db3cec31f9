import SQLDatabase

/// Slows down password guessing: after 5 failures for one account name or from one address
/// within 15 minutes, further attempts wait until the oldest of those failures is 15 minutes old.
///
/// An attempt is counted as a failure *before* its password is checked, in the same write
/// transaction as the check for a wait, and forgiven only when the password was right: guesses
/// sent all at once are held like guesses sent one after another.
struct SignInThrottle: Sendable {
    static let limit = 5
    static let window: Int64 = 15 * 60

    enum Reservation {
        case wait(seconds: Int64)
        /// Go ahead; the failure row to forgive if the password is right.
        case attempt(failure: Int64)
    }

    let clock: WallClock

    /// A browser that signed in to this account before (`knownDevice`) is held only by its own
    /// address, so someone guessing from elsewhere cannot keep the account's person out.
    func reserve(nameKey: String, address: String, knownDevice: Bool, in db: Connection) throws -> Reservation {
        let now = clock.seconds
        try db.execute("DELETE FROM sign_in_failures WHERE failed_at <= \(now - SignInThrottle.window)")
        var waits = [try wait(column: "address", value: address, now: now, in: db)]
        if !knownDevice { waits.append(try wait(column: "name_key", value: nameKey, now: now, in: db)) }
        if let longest = waits.max(), longest > 0 { return .wait(seconds: longest) }
        let insertedID = try db.insertReturningID("INSERT INTO sign_in_failures (name_key, address, failed_at) VALUES (\(nameKey), \(address), \(now))")
        return .attempt(failure: insertedID)
    }

    /// The password was right: this attempt, and the earlier failures for the name from the same
    /// address, are forgiven. Failures from elsewhere still count against the name.
    func forgive(_ failure: Int64, nameKey: String, address: String, in db: Connection) throws {
        try db.execute("DELETE FROM sign_in_failures WHERE id = \(failure) OR (name_key = \(nameKey) AND address = \(address))")
    }

    private func wait(column: String, value: String, now: Int64, in db: Connection) throws -> Int64 {
        let recent: [Int64] = try db.fetchAll("""
            SELECT failed_at FROM sign_in_failures WHERE \(raw: column) = \(value) AND failed_at > \(now - SignInThrottle.window)
            ORDER BY failed_at DESC LIMIT \(SignInThrottle.limit)
            """) { try $0["failed_at"] }
        guard recent.count >= SignInThrottle.limit, let oldest = recent.last else { return 0 }
        return max(1, oldest + SignInThrottle.window - now)
    }
}
