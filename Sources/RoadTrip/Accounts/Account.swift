import Foundation

/// Identifies an account. Per-account data (recents, vacations) carry it in an `account_id`
/// column; the photo library is shared by the household and carries none.
public struct AccountID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A person who signs in. The owner (the first account, made at setup) manages the others.
public struct Account: Sendable, Equatable, Identifiable {
    public let id: AccountID
    public var name: String
    public var isOwner: Bool
    public var createdAt: Date

    public init(id: AccountID, name: String, isOwner: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.isOwner = isOwner
        self.createdAt = createdAt
    }

    /// Whether this account may see or change data that belongs to `owner`. Every query of
    /// per-account data goes through this or filters on `account_id` itself.
    public func mayAccess(dataOf owner: AccountID) -> Bool {
        owner == id
    }

    public var mayManageAccounts: Bool { isOwner }
}

/// The time, passed in so that tests can move it (session expiry, lock-outs).
public struct WallClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = WallClock { Date() }

    public var seconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }
}
