import SQLite

/// Slows down password guessing: after 5 failures for one account name or from one address
/// within 15 minutes, further attempts wait until the oldest of those failures is 15 minutes old.
struct SignInThrottle: Sendable {
    static let limit = 5
    static let window: Int64 = 15 * 60

    let clock: WallClock

    /// Seconds to wait before the next attempt; 0 when one may be made now. A browser that
    /// signed in to this account before (`knownDevice`) is held only by its own address, so
    /// someone guessing from elsewhere cannot keep the account's person out.
    func wait(name: String, address: String, knownDevice: Bool, in db: Connection) throws -> Int64 {
        let now = clock.seconds
        var waits = [try wait(column: "address", value: address, now: now, in: db)]
        if !knownDevice { waits.append(try wait(column: "account_name", value: name, now: now, in: db)) }
        return waits.max() ?? 0
    }

    private func wait(column: String, value: String, now: Int64, in db: Connection) throws -> Int64 {
        let recent: [Int64] = try db.fetchAll("""
            SELECT failed_at FROM sign_in_failures WHERE \(raw: column) = \(value) AND failed_at > \(now - SignInThrottle.window)
            ORDER BY failed_at DESC LIMIT \(SignInThrottle.limit)
            """) { try $0["failed_at"] }
        guard recent.count >= SignInThrottle.limit, let oldest = recent.last else { return 0 }
        return max(0, oldest + SignInThrottle.window - now)
    }

    func recordFailure(name: String, address: String, in db: Connection) throws {
        let now = clock.seconds
        try db.execute("DELETE FROM sign_in_failures WHERE failed_at <= \(now - SignInThrottle.window)")
        try db.execute("INSERT INTO sign_in_failures (account_name, address, failed_at) VALUES (\(name), \(address), \(now))")
    }

    func forgetFailures(name: String, in db: Connection) throws {
        try db.execute("DELETE FROM sign_in_failures WHERE account_name = \(name)")
    }
}
