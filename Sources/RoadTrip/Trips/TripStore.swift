import SQLDatabase

/// How a person likes the Events book to turn, remembered per account.
public struct BookSettings: Sendable, Equatable {
    public enum Transition: String, Sendable, CaseIterable { case curl, scroll }
    public enum Orientation: String, Sendable, CaseIterable { case horizontal, vertical }

    public var transition: Transition = .curl
    public var orientation: Orientation = .horizontal

    public init(transition: Transition = .curl, orientation: Orientation = .horizontal) {
        self.transition = transition
        self.orientation = orientation
    }
}

/// Each account's trip: the destination it chose (none until it chooses) and its book settings.
public struct TripStore: Sendable {
    let database: Database
    let clock: WallClock

    public init(database: Database, clock: WallClock = .system) {
        self.database = database
        self.clock = clock
    }

    /// The destination the account chose; nil before it has chosen (or when that destination was removed).
    public func chosenDestination(of account: AccountID) throws -> Int64? {
        try database.fetch(Self.chosenDestinationQuery(of: account))
    }

    public static func chosenDestinationQuery(of account: AccountID) -> Query<Int64?> {
        Query(value: "SELECT destination_id FROM trips WHERE account_id = \(account.rawValue)")
    }

    /// The points of interest of the destination the account chose (none before it has chosen),
    /// without waiting to know which it is: a page reads them with the rest of its menu.
    public static func tripPointsOfInterestQuery(of account: AccountID) -> Query<[PointOfInterest]> {
        DestinationCatalog.pointsOfInterestQuery(
            where: "destination_id = (SELECT destination_id FROM trips WHERE account_id = \(account.rawValue))")
    }

    public func choose(_ destination: Int64, for account: AccountID) throws {
        try database.write { db in
            let exists: Int? = try db.fetchValue("SELECT 1 FROM destinations WHERE id = \(destination)")
            guard exists != nil else { throw TripError.noSuchDestination }
            try db.execute(
                """
                INSERT INTO trips (account_id, destination_id, chosen_at) VALUES (\(account.rawValue), \(destination), \(clock.seconds))
                ON CONFLICT (account_id) DO UPDATE SET destination_id = excluded.destination_id, chosen_at = excluded.chosen_at
                """)
        }
    }

    public func settings(of account: AccountID) throws -> BookSettings {
        try database.read { db in
            guard let row = try db.fetchOne("SELECT transition, orientation FROM book_settings WHERE account_id = \(account.rawValue)")
            else {
                return BookSettings()
            }
            return BookSettings(
                transition: BookSettings.Transition(rawValue: try row["transition"]) ?? .curl,
                orientation: BookSettings.Orientation(rawValue: try row["orientation"]) ?? .horizontal
            )
        }
    }

    public func save(_ settings: BookSettings, for account: AccountID) throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO book_settings (account_id, transition, orientation)
                VALUES (\(account.rawValue), \(settings.transition.rawValue), \(settings.orientation.rawValue))
                ON CONFLICT (account_id) DO UPDATE SET transition = excluded.transition, orientation = excluded.orientation
                """)
        }
    }
}

public enum TripError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSuchDestination
    case notAnEventURL(String)
    case noSuchEvent
    case tooManyEvents(limit: Int)
    case sampleIsGenerated

    public var description: String {
        switch self {
        case .noSuchDestination: "There is no such destination."
        case .notAnEventURL(let text): "“\(text)” is not a web address: an event page starts with http:// or https://."
        case .noSuchEvent: "There is no such event page."
        case .tooManyEvents(let limit): "A destination can have at most \(limit) event pages."
        case .sampleIsGenerated: "The sample book's pages are made by RoadTrip; its length is set with roadtrip serve --sample-pages."
        }
    }
}
