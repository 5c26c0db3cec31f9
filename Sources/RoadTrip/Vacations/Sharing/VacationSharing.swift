import Crypto
import SQLDatabase
import TextRules

/// Why a link could not be made or opened: said to the person as it is.
public enum SharingError: Error, Sendable, Equatable, CustomStringConvertible {
    case labelTooLong(limit: Int)
    case labelHasDirectionOverrides
    case passwordTooShort(minimum: Int)
    case passwordTooLong(limit: Int)
    case passwordHasNulCharacter
    case wrongPassword
    case tooManyAttempts(waitSeconds: Int64)
    case noSuchLink
    case noSuchAccount
    case notYourOwn
    case notAMember

    public var description: String {
        switch self {
        case .labelTooLong(let limit): "A link’s note can be at most \(limit) characters long."
        case .labelHasDirectionOverrides: "A link’s note cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."
        case .passwordTooShort(let minimum): "A link’s password needs at least \(minimum) characters."
        case .passwordTooLong(let limit): "A link’s password can be at most \(limit) characters long."
        case .passwordHasNulCharacter: "A link’s password cannot contain a NUL character."
        case .wrongPassword: "That is not the link’s password."
        case .tooManyAttempts(let seconds): "Too many wrong passwords. Try again in \(max(1, (seconds + 59) / 60)) minutes."
        case .noSuchLink: "There is no such link."
        case .noSuchAccount: "There is no such account in this household."
        case .notYourOwn: "The vacation is already yours."
        case .notAMember: "The vacation is not shared with that account."
        }
    }
}

/// A vacation's links: made by its owner, opened by anyone who has one. Every owner-side method
/// takes the account and acts only on that account's own vacation.
public struct VacationSharing: Sendable {
    let database: Database
    let hasher: PasswordHasher
    let signingKey: SigningKey
    let clock: WallClock
    let throttle: SignInThrottle
    /// Links read since the database last changed, by token hash: a guest's next page reads no
    /// row to know its link. Any change anywhere (Stop sharing, new switches, on any instance)
    /// empties it. One per library (`Library.sharing`), so what one request read serves the next.
    let recent: ChangeStampedCache<[UInt8], Row>
    /// The library's, shared with its vacation stores.
    let figures: VacationFigures

    public static let minimumPasswordLength = 6

    public init(database: Database, hasher: PasswordHasher, signingKey: SigningKey, figures: VacationFigures, clock: WallClock = .system) {
        recent = ChangeStampedCache(costLimit: 1_000)
        self.figures = figures
        self.database = database
        self.hasher = hasher
        self.signingKey = signingKey
        self.clock = clock
        throttle = SignInThrottle(clock: clock, scope: .link)
    }

    /// Makes a link to the account's vacation; its token is in what is returned and nowhere else.
    public func makeLink(
        to vacation: Int64, for account: AccountID, label raw: String = "", expiry: ShareExpiry = .default,
        password: String = "", options: ShareOptions = ShareOptions()
    ) throws -> NewShareLink {
        let label = try Self.validLabel(raw)
        let passwordHash = try password.isEmpty ? nil : hasher.hash(try Self.validPassword(password))
        let token = ShareToken.generate()
        let now = clock.seconds
        let id = try database.write { db in
            try Self.requireOwned(vacation, by: account, in: db)
            return try db.insertReturningID(
                """
                INSERT INTO vacation_links (vacation_id, token_hash, label, created_at, expires_at, password_hash, show_where, \
                allow_originals, show_dates,
                    offer_book)
                VALUES (\(vacation), \(token.hash), \(label), \(now), \(expiry.seconds.map { now + $0 }), \(passwordHash),
                    \(options.showWhere), \(options.allowOriginals), \(options.showDates), \(options.offerBook))
                """)
        }
        guard let link = try links(of: vacation, for: account).first(where: { $0.id == id }) else { throw SharingError.noSuchLink }
        return NewShareLink(token: token, link: link)
    }

    /// The vacation's links, newest first; none unless the vacation is the account's.
    public func links(of vacation: Int64, for account: AccountID) throws -> [ShareLink] {
        try database.fetchAll(
            """
            SELECT links.* FROM vacation_links links JOIN vacations ON vacations.id = links.vacation_id
            WHERE links.vacation_id = \(vacation) AND vacations.account_id = \(account.rawValue)
            ORDER BY links.id DESC
            """, Self.link)
    }

    /// Ends the link at once; a guest's next request is answered 410.
    public func stop(_ link: Int64, of vacation: Int64, for account: AccountID) throws {
        try database.write { db in
            try Self.requireOwned(vacation, by: account, in: db)
            try db.execute(
                """
                UPDATE vacation_links SET stopped_at = \(clock.seconds) WHERE id = \(link) AND vacation_id = \(vacation) AND \
                stopped_at IS NULL
                """)
            if db.changes == 0,
                try db.fetchValue("SELECT 1 FROM vacation_links WHERE id = \(link) AND vacation_id = \(vacation)") as Int? == nil
            {
                throw SharingError.noSuchLink
            }
        }
    }

    /// Changes what a live link reveals; seen on the guest's next request.
    public func change(_ link: Int64, of vacation: Int64, for account: AccountID, to options: ShareOptions) throws {
        try database.write { db in
            try Self.requireOwned(vacation, by: account, in: db)
            try db.execute(
                """
                UPDATE vacation_links SET show_where = \(options.showWhere), allow_originals = \(options.allowOriginals), \
                show_dates = \(options.showDates),
                    offer_book = \(options.offerBook)
                WHERE id = \(link) AND vacation_id = \(vacation)
                """)
            guard db.changes > 0 else { throw SharingError.noSuchLink }
        }
    }

    /// What the link opens now. `proof` is what this browser keeps from giving the password
    /// (`unlockProof`), if anything; `stamp`, the database's change stamp taken before
    /// (`Database.changeStamp()`), lets a link read at the same stamp be used again.
    public func open(_ token: ShareToken, proof: String?, stamp: UInt64? = nil) throws -> LinkOpening {
        let hash = token.hash
        let kept = stamp.flatMap { recent.value(for: hash, at: $0) }
        let row =
            try kept
            ?? database.fetchOne(
                """
                SELECT links.*, vacations.name AS vacation_name, vacations.name_generated AS vacation_name_generated, \
                accounts.name AS owner_name
                FROM vacation_links links JOIN vacations ON vacations.id = links.vacation_id JOIN accounts ON accounts.id = \
                vacations.account_id
                WHERE links.token_hash = \(hash)
                """)
        if kept == nil, let row, let stamp { recent.keep(row, for: hash, at: stamp) }
        // The index found it by its hash; the hash is compared again in constant time, so no
        // engine's comparison (collation, prefix) decides alone.
        guard let row, constantTimeEquals(try row["token_hash"], hash) else { return .unknown }
        let link = try Self.link(row)
        guard link.isLive(at: clock.seconds) else { return .ended }
        let shared = SharedVacation(
            link: link, vacationName: try row["vacation_name"], vacationNameGenerated: try row["vacation_name_generated"] as Int != 0,
            ownerName: try row["owner_name"],
            contents: VacationContents(database: database, id: link.vacationID, figures: figures), passwordHash: try row["password_hash"]
        )
        guard let stored = shared.passwordHash else { return .open(shared) }
        return proof.map { constantTimeEquals(Array($0.utf8), Array(unlockProof(linkID: link.id, passwordHash: stored).utf8)) } == true
            ? .open(shared) : .needsPassword(shared)
    }

    /// Checks the link's password, throttled as signing in is, in a scope of its own (no name
    /// typed at sign-in reaches it, and guesses here do not hold the address's sign-ins): five
    /// failures from an address hold that address. A guest is held only by their own address,
    /// as a browser that signed in to an account before is: others guessing at the link from
    /// elsewhere cannot keep out the person who has the password; while they are, a wrong
    /// password is answered with the link's wait. Returns what the browser keeps to show it gave
    /// the password.
    public func unlock(_ shared: SharedVacation, password: String, address: String) throws -> String {
        guard let stored = shared.passwordHash else { return "" }
        let key = String(shared.link.id)
        // The link's wait as it was before this attempt, as a name's is read at sign-in.
        let (reservation, linkWait) = try database.write { db in
            let linkWait = try throttle.wait(forKey: key, in: db)
            return (try throttle.reserve(nameKey: key, address: address, knownDevice: true, in: db), linkWait)
        }
        guard case .attempt(let failure) = reservation else {
            if case .wait(let seconds) = reservation { throw SharingError.tooManyAttempts(waitSeconds: seconds) }
            throw SharingError.wrongPassword
        }
        guard password.count <= Credentials.maximumPasswordLength, hasher.verify(password, against: stored) else {
            throw linkWait > 0 ? SharingError.tooManyAttempts(waitSeconds: linkWait) : SharingError.wrongPassword
        }
        try database.write { db in try throttle.forgive(failure, nameKey: key, address: address, in: db) }
        return unlockProof(linkID: shared.link.id, passwordHash: stored)
    }

    /// A browser's opening of the link, counted (once per opening: the caller decides what an opening is).
    public func recordOpening(of link: Int64) throws {
        try database.write { db in
            try db.execute("UPDATE vacation_links SET open_count = open_count + 1, last_opened_at = \(clock.seconds) WHERE id = \(link)")
        }
    }

    /// A keyed tag of the link and its password's hash: a browser that shows it gave the password.
    func unlockProof(linkID: Int64, passwordHash: String) -> String {
        Base64URL.encode(signingKey.tag(Array("vacation-link-unlock \(linkID) \(passwordHash)".utf8)))
    }

    static func link(_ row: Row) throws -> ShareLink {
        ShareLink(
            id: try row["id"], vacationID: try row["vacation_id"], label: try row["label"], createdAt: try row["created_at"],
            expiresAt: try row["expires_at"], hasPassword: (try row["password_hash"] as String?) != nil,
            options: ShareOptions(
                showWhere: try row["show_where"], allowOriginals: try row["allow_originals"], showDates: try row["show_dates"],
                offerBook: try row["offer_book"]),
            lastOpenedAt: try row["last_opened_at"], openCount: try row["open_count"], stoppedAt: try row["stopped_at"]
        )
    }

    static func requireOwned(_ vacation: Int64, by account: AccountID, in db: Connection) throws {
        guard try db.fetchValue("SELECT 1 FROM vacations WHERE id = \(vacation) AND account_id = \(account.rawValue)") as Int? != nil else {
            throw VacationError.noSuchVacation
        }
    }

    /// Spaces made single, control characters dropped; at most 60 characters, no direction overrides.
    static func validLabel(_ raw: String) throws(SharingError) -> String {
        guard !DirectionOverrides.found(in: raw) else { throw .labelHasDirectionOverrides }
        let label = VacationTags.tidied(raw)
        guard label.count <= ShareLink.maximumLabelLength else { throw .labelTooLong(limit: ShareLink.maximumLabelLength) }
        return label
    }

    static func validPassword(_ password: String) throws(SharingError) -> String {
        guard password.count >= minimumPasswordLength else { throw .passwordTooShort(minimum: minimumPasswordLength) }
        guard password.count <= Credentials.maximumPasswordLength else { throw .passwordTooLong(limit: Credentials.maximumPasswordLength) }
        guard !password.unicodeScalars.contains("\0") else { throw .passwordHasNulCharacter }
        return password
    }
}
