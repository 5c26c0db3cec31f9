import SQLDatabase

/// What another account of the household may do with a vacation shared with it.
public enum VacationRole: String, Sendable, CaseIterable {
    /// Look at it: photos, places, tags, the book.
    case view
    /// Also Visit and Unvisit their own photos into it, and tag them.
    case add

    public var title: String {
        switch self {
        case .view: "Can view"
        case .add: "Can add photos"
        }
    }
}

/// Who is asking about a vacation: its owner, or an account it is shared with.
public enum VacationAccess: Sendable, Equatable {
    case owner
    case member(VacationRole)

    public var isOwner: Bool { self == .owner }
    /// Visit and Unvisit (their own), tags.
    public var mayAdd: Bool { self == .owner || self == .member(.add) }
}

/// An account a vacation is shared with, as its owner lists them.
public struct VacationMember: Sendable, Equatable, Identifiable {
    public let account: AccountID
    public let name: String
    public let role: VacationRole
    public var id: AccountID { account }
}

/// A vacation of another account shared with this one, as the Vacations screen lists it.
public struct SharedWithMe: Sendable, Equatable, Identifiable {
    public let vacation: Vacation
    public let ownerName: String
    public let role: VacationRole
    public var id: Int64 { vacation.id }
}

/// A vacation as an account may open it: its name, contents, whose it is and what this account may do.
public struct AccessibleVacation: Sendable {
    public let name: String
    public let contents: VacationContents
    public let access: VacationAccess
    public let ownerName: String
}

extension VacationStore {
    /// The condition that `account` may add to the vacation whose id is in `column`: shared with
    /// it as *can add*. One home for what a member may add to (Unvisit's choices, their tags).
    static func sharedToAdd(_ column: String, with account: AccountID) -> SQL {
        "EXISTS (SELECT 1 FROM vacation_members WHERE vacation_id = \(raw: column) AND account_id = \(account.rawValue) AND role = 'add')"
    }

    /// The vacation when it is the account's or shared with it; nil otherwise, as for one that does not exist.
    public func accessible(_ id: Int64, for account: AccountID) throws -> AccessibleVacation? {
        let row = try database.fetchOne(
            """
            SELECT vacations.name, vacations.account_id, owners.name AS owner_name, members.role
            FROM vacations JOIN accounts owners ON owners.id = vacations.account_id
            LEFT JOIN vacation_members members ON members.vacation_id = vacations.id AND members.account_id = \(account.rawValue)
            WHERE vacations.id = \(id) AND (vacations.account_id = \(account.rawValue) OR members.account_id IS NOT NULL)
            """)
        guard let row else { return nil }
        let ownerID: Int64 = try row["account_id"]
        let access: VacationAccess
        if ownerID == account.rawValue {
            access = .owner
        } else {
            guard let role = VacationRole(rawValue: try row["role"] as String? ?? "") else { return nil }
            access = .member(role)
        }
        return AccessibleVacation(
            name: try row["name"], contents: VacationContents(database: database, id: id, figures: figures), access: access,
            ownerName: try row["owner_name"])
    }

    /// The other accounts' vacations shared with this one, by name.
    public func sharedWith(_ account: AccountID) throws -> [SharedWithMe] {
        try database.fetchAll(
            """
            SELECT vacations.id, vacations.name, owners.name AS owner_name, members.role, count(photos.id) AS photo_count,
                min(photos.taken_at) AS first_date, max(photos.taken_at) AS last_date
            FROM vacation_members members JOIN vacations ON vacations.id = members.vacation_id
            JOIN accounts owners ON owners.id = vacations.account_id
            LEFT JOIN vacation_photos photos ON photos.vacation_id = vacations.id
            WHERE members.account_id = \(account.rawValue)
            GROUP BY vacations.id, vacations.name, vacations.name_key, owners.name, members.role
            ORDER BY vacations.name_key, vacations.id
            """
        ) { row in
            SharedWithMe(
                vacation: Vacation(
                    id: try row["id"], name: try row["name"], photoCount: try row["photo_count"],
                    firstDate: try row["first_date"], lastDate: try row["last_date"]),
                ownerName: try row["owner_name"], role: VacationRole(rawValue: try row["role"]) ?? .view
            )
        }
    }

    /// The vacations the account may Visit photos into: its own, then those shared with it to add to.
    public func visitable(by account: AccountID) throws -> [(id: Int64, name: String)] {
        let own = try all(of: account).map { (id: $0.id, name: $0.name) }
        let shared = try sharedWith(account).filter { $0.role == .add }.map {
            (id: $0.vacation.id, name: "\($0.vacation.name) (\($0.ownerName)’s)")
        }
        return own + shared
    }

    /// The accounts the account's vacation is shared with, by name.
    public func members(of id: Int64, for owner: AccountID) throws -> [VacationMember] {
        try database.fetchAll(
            """
            SELECT members.account_id, accounts.name, members.role
            FROM vacation_members members JOIN vacations ON vacations.id = members.vacation_id JOIN accounts ON accounts.id = \
            members.account_id
            WHERE members.vacation_id = \(id) AND vacations.account_id = \(owner.rawValue)
            ORDER BY accounts.name_key, accounts.id
            """
        ) { row in
            VacationMember(
                account: AccountID(try row["account_id"]), name: try row["name"], role: VacationRole(rawValue: try row["role"]) ?? .view)
        }
    }

    /// Shares the owner's vacation with another account of the household, or changes its role.
    public func share(_ id: Int64, with member: AccountID, as role: VacationRole, by owner: AccountID) throws {
        guard member != owner else { throw SharingError.notYourOwn }
        try database.write { db in
            try VacationSharing.requireOwned(id, by: owner, in: db)
            guard try db.fetchValue("SELECT 1 FROM accounts WHERE id = \(member.rawValue)") as Int? != nil else {
                throw SharingError.noSuchAccount
            }
            try db.execute(
                """
                INSERT INTO vacation_members (vacation_id, account_id, role, created_at) VALUES (\(id), \(member.rawValue), \
                \(role.rawValue), \(clock.seconds))
                ON CONFLICT (vacation_id, account_id) DO UPDATE SET role = excluded.role
                """)
        }
    }

    /// Ends the account's access to the owner's vacation at once. The photos it added stay.
    public func unshare(_ id: Int64, with member: AccountID, by owner: AccountID) throws {
        try database.write { db in
            try VacationSharing.requireOwned(id, by: owner, in: db)
            try db.execute("DELETE FROM vacation_members WHERE vacation_id = \(id) AND account_id = \(member.rawValue)")
            guard db.changes > 0 else { throw SharingError.notAMember }
        }
    }
}
