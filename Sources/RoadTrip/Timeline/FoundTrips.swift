import Foundation
import SQLDatabase

/// The trips found in the photos, as suggestions: proposed until someone makes a vacation of
/// one or dismisses it, and kept so after, however often trips are looked for again. They are
/// the household's, like the photos: what one person dismisses or makes, nobody is offered again.
public struct FoundTrips: Sendable {
    let database: any Database
    let clock: WallClock

    public init(database: any Database, clock: WallClock) {
        (self.database, self.clock) = (database, clock)
    }

    /// The suggestions nobody dismissed or made, newest first.
    public func proposed(limit: Int = 50) throws -> [FoundTrip] {
        try database.fetchAll(
            """
            SELECT \(raw: FoundTrip.columns) FROM found_trips WHERE status = 'open' ORDER BY first_day DESC, id DESC LIMIT \
            \(max(1, min(limit, 500)))
            """, FoundTrip.init)
    }

    public func trip(id: Int64) throws -> FoundTrip? {
        try database.fetchOne("SELECT \(raw: FoundTrip.columns) FROM found_trips WHERE id = \(id)").map(FoundTrip.init)
    }

    /// Dismisses a proposed trip for good. False when there is no such proposal.
    @discardableResult
    public func dismiss(_ id: Int64) throws -> Bool {
        try database.write { db in
            try db.execute("UPDATE found_trips SET status = 'dismissed' WHERE id = \(id) AND status = 'open'")
            return db.changes > 0
        }
    }

    /// The trip's photos, in date order (oldest first).
    public func photos(of trip: FoundTrip) throws -> [Photo] {
        try database.fetchAll(
            """
            SELECT \(raw: Photo.columns) FROM photos WHERE taken_at >= \(trip.firstDay.description) AND taken_at < \(trip.lastDay.endBound)
            ORDER BY taken_at, id
            """, Photo.init)
    }

    /// Makes a vacation of the account's of a proposed trip, named after it (a number added when
    /// the name is taken), and queues the job that puts the trip's photos into it in date order
    /// (`fill`): a trip of hundreds of photos is long work, never a request's. The suggestion is
    /// made at once, so nobody makes it twice. The new vacation's id.
    public func makeVacation(of id: Int64, for account: AccountID, library: Library) throws -> Int64 {
        guard let trip = try trip(id: id), trip.status == .open else { throw FoundTripError.noLongerProposed }
        let vacations = library.vacations
        let vacation: Int64
        do {
            vacation = try vacations.create(namedLike: trip.vacationName, for: account, generated: true).id
        } catch VacationError.alreadyExists {
            throw FoundTripError.noName
        }
        let made = try database.write { db in
            try db.execute("UPDATE found_trips SET status = 'made', vacation_id = \(vacation) WHERE id = \(id) AND status = 'open'")
            guard db.changes > 0 else { return false }
            try library.jobs.enqueue(.tripVacation, key: String(id), in: db)
            return true
        }
        guard made else {
            // Someone made or dismissed it meanwhile: the empty vacation goes again.
            try vacations.delete(vacation, for: account)
            throw FoundTripError.noLongerProposed
        }
        return vacation
    }

    /// Puts the photos of the trip `id` into the vacation made of it, in date order, each as Visit
    /// adds it; those already in it are left (so a job cut short and run again finishes the work).
    /// Nothing when the vacation is gone. How many were added.
    @discardableResult
    public func fill(_ id: Int64, library: Library) throws -> Int {
        guard let trip = try trip(id: id), trip.status == .made, let vacation = trip.vacationID,
            let owner: Int64 = try database.fetchValue("SELECT account_id FROM vacations WHERE id = \(vacation)")
        else { return 0 }
        // Those in it already (a run cut short) are passed over without reading their images again.
        let there = Set(
            try database.fetchAll("SELECT sha256 FROM vacation_photos WHERE vacation_id = \(vacation)") { try $0["sha256"] as String })
        var added = 0
        for photo in try photos(of: trip) where !there.contains(photo.sha256) {
            do {
                if try library.vacations.visit(photo, into: vacation, for: AccountID(owner), library: library) { added += 1 }
            } catch VacationError.noSuchVacation {
                return added
            }
        }
        return added
    }

    /// Whether a vacation made of a trip is still being filled, and with how many photos in all.
    public func filling(vacation: Int64) throws -> Int? {
        guard
            let row = try database.fetchOne(
                """
                SELECT s.id, s.photo_count FROM found_trips s WHERE s.vacation_id = \(vacation) AND s.status = 'made'
                """)
        else { return nil }
        let suggestion: Int64 = try row["id"]
        return try JobQueue(database: database, clock: clock).isQueued(.tripVacation, key: String(suggestion))
            ? try row["photo_count"] as Int : nil
    }

    /// Replaces what was found in a range of days: a trip over the days of a suggestion keeps
    /// that suggestion (its id, and its status when someone dismissed it or made a vacation of
    /// it), updated to the trip's days; new trips are proposed; proposals no trip matches go.
    func replace(in range: ClosedRange<CalendarDay>, with trips: [FoundTripDays]) throws {
        let placeIDs = Set(trips.flatMap(\.places.keys))
        let places = Dictionary(
            try database.fetchAll("SELECT \(raw: Place.columns) FROM places WHERE id IN \(list: placeIDs.sorted())", Place.init).map {
                ($0.id, $0)
            },
            uniquingKeysWith: { first, _ in first })
        let now = clock.seconds
        try database.write { db in
            var matched: [Int64] = []
            for trip in trips {
                let title =
                    PlaceNaming.title(of: trip.places.compactMap { id, count in places[id].map { ($0, count) } })
                    ?? "\(trip.farthestKilometres) km from home"
                let kept: Int64? = try db.fetchValue(
                    """
                    SELECT id FROM found_trips WHERE last_day >= \(trip.first.description) AND first_day <= \(trip.last.description)
                        \(sql: FoundTrips.excluding(matched))
                    ORDER BY status = 'open', id LIMIT 1
                    """)
                if let kept {
                    matched.append(kept)
                    try db.execute(
                        """
                        UPDATE found_trips SET first_day = \(trip.first.description), last_day = \(trip.last.description), title = \(title),
                            photo_count = \(trip.photoCount), cover_photo_id = \(trip.cover), farthest_km = \(trip.farthestKilometres)
                        WHERE id = \(kept)
                        """)
                } else {
                    matched.append(
                        try db.insertReturningID(
                            """
                            INSERT INTO found_trips (first_day, last_day, title, photo_count, cover_photo_id, farthest_km, found_at)
                            VALUES (\(trip.first.description), \(trip.last.description), \(title), \(trip.photoCount), \(trip.cover),
                                \(trip.farthestKilometres), \(now))
                            """))
                }
            }
            try db.execute(
                """
                DELETE FROM found_trips WHERE status = 'open' AND last_day >= \(range.lowerBound.description)
                    AND first_day <= \(range.upperBound.description) \(sql: FoundTrips.excluding(matched))
                """)
        }
    }

    /// `AND id NOT IN (…)`; nothing for none (`NOT IN (NULL)` would exclude every row).
    private static func excluding(_ ids: [Int64]) -> SQL {
        ids.isEmpty ? "" : "AND id NOT IN \(list: ids)"
    }
}

/// A trip found in the photos.
public struct FoundTrip: Sendable, Equatable, Identifiable {
    public enum Status: String, Sendable {
        case open, dismissed, made
    }

    public let id: Int64
    public let firstDay: CalendarDay
    public let lastDay: CalendarDay
    /// After its places: "Tuscany", "Paris", "France and Italy".
    public let title: String
    public let photoCount: Int
    public let coverPhotoID: Int64?
    public let farthestKilometres: Int
    public let status: Status
    public let vacationID: Int64?

    static let columns = "id, first_day, last_day, title, photo_count, cover_photo_id, farthest_km, status, vacation_id"

    init(row: Row) throws {
        id = try row["id"]
        // Written by RoadTrip from real dates; a row changed behind its back reads as one day.
        firstDay = CalendarDay(try row["first_day"] as String) ?? .epoch
        lastDay = max(firstDay, CalendarDay(try row["last_day"] as String) ?? firstDay)
        title = try row["title"]
        photoCount = try row["photo_count"]
        coverPhotoID = try row["cover_photo_id"]
        farthestKilometres = try row["farthest_km"]
        status = Status(rawValue: try row["status"]) ?? .dismissed
        vacationID = try row["vacation_id"]
    }

    /// "Tuscany, October 2008": the vacation's name.
    public var vacationName: String {
        "\(title), \(FoundTrip.monthNames[firstDay.month - 1]) \(firstDay.year)"
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}

public enum FoundTripError: Error, Equatable, CustomStringConvertible {
    case noLongerProposed
    case noName

    public var description: String {
        switch self {
        case .noLongerProposed: "This trip is no longer proposed: it was made into a vacation or dismissed."
        case .noName: "Every name for this trip's vacation is taken; make the vacation by hand."
        }
    }
}
