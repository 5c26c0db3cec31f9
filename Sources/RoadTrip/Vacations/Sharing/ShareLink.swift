import Crypto

/// What a share link reveals beyond the photos' previews, titles and tags.
public struct ShareOptions: Sendable, Equatable {
    /// Places, the itinerary and its map, positions in Info. Off: no page, JSON or picture of
    /// the link holds a coordinate or a place's name.
    public var showWhere: Bool
    /// The original files, where the library still has them; otherwise only the previews.
    public var allowOriginals: Bool
    /// When each photo was taken, and the vacation's dates.
    public var showDates: Bool
    /// The printed book's PDF, made for the link: its map, places and dates only where the link shows them.
    public var offerBook: Bool

    public init(showWhere: Bool = true, allowOriginals: Bool = false, showDates: Bool = true, offerBook: Bool = false) {
        (self.showWhere, self.allowOriginals, self.showDates, self.offerBook) = (showWhere, allowOriginals, showDates, offerBook)
    }
}

/// How long a new link works: 30 days unless the owner chooses otherwise, because links that
/// never end are the complaint people make of the peers' sharing.
public enum ShareExpiry: String, Sendable, CaseIterable {
    case day, week, month, year, never

    public static let `default` = ShareExpiry.month

    /// Seconds from the link's making; nil for never.
    public var seconds: Int64? {
        switch self {
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30 * 86_400
        case .year: 365 * 86_400
        case .never: nil
        }
    }

    public var title: String {
        switch self {
        case .day: "1 day"
        case .week: "7 days"
        case .month: "30 days"
        case .year: "1 year"
        case .never: "Never"
        }
    }
}

/// A vacation's link as its owner lists it. The link's address is shown once, when it is made:
/// only its token's hash is kept.
public struct ShareLink: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let vacationID: Int64
    /// The owner's own words for whom it is for ("For Grandma"); may be empty.
    public let label: String
    public let createdAt: Int64
    public let expiresAt: Int64?
    public let hasPassword: Bool
    public let options: ShareOptions
    public let lastOpenedAt: Int64?
    public let openCount: Int
    public let stoppedAt: Int64?

    public static let maximumLabelLength = 60

    /// Whether a guest may open it at `now`: not stopped, and before its expiry (the second
    /// it expires it is over).
    public func isLive(at now: Int64) -> Bool {
        stoppedAt == nil && (expiresAt.map { now < $0 } ?? true)
    }
}

/// The secret part of a link's address: 18 bytes from the system's random source (144 bits),
/// 24 URL-safe characters. Only its SHA-256 is stored.
public struct ShareToken: Sendable, Hashable, CustomStringConvertible {
    public static let byteCount = 18
    public static let length = 24

    public let text: String

    /// A token read from an address; nil unless it has a token's exact form.
    public init?(_ text: Substring) {
        guard text.utf8.count == ShareToken.length, let bytes = Base64URL.decode(String(text)), bytes.count == ShareToken.byteCount else {
            return nil
        }
        self.text = String(text)
    }

    static func generate() -> ShareToken {
        // A fresh token always has the form.
        ShareToken(Base64URL.encode(SecureRandom.bytes(byteCount))[...])!
    }

    /// What the database keeps, and looks the link up by.
    var hash: [UInt8] {
        SHA256.hash(Base64URL.decode(text) ?? [])
    }

    /// Never the token itself, so that no log or interpolation writes it by accident.
    public var description: String { "ShareToken(…)" }
}

/// A new link: its address's token, given to the owner once, and the link.
public struct NewShareLink: Sendable {
    public let token: ShareToken
    public let link: ShareLink
}

/// What a guest's link opens.
public enum LinkOpening: Sendable {
    /// The vacation, as the link shows it.
    case open(SharedVacation)
    /// The link has a password, and this browser has not given it.
    case needsPassword(SharedVacation)
    /// Stopped by its owner, or past its expiry: 410.
    case ended
    /// No such link: 404.
    case unknown
}

/// A vacation as a link shows it: which link, whose, and what it reveals.
public struct SharedVacation: Sendable {
    public let link: ShareLink
    public let vacationName: String
    /// The name is one RoadTrip made from a trip's place and month, not one the owner typed.
    public let vacationNameGenerated: Bool
    public let ownerName: String
    public let contents: VacationContents
    /// The stored password hash, to check a password or an unlocked browser's proof against.
    let passwordHash: String?
}
