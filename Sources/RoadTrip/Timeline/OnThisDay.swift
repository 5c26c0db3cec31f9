import SQLDatabase

/// On this day: the photos taken within three days of today's date in earlier years, a memory
/// for each year, newest first ("3 years ago · Tuscany"). Read when asked, from the days'
/// counts and one statement of at most a few photos a year, so a memory includes photos
/// imported a moment ago; nothing is generated ahead or capped. Each person may hide a memory
/// (its seven days) or a photo from their memories; nothing else changes.
public struct OnThisDay: Sendable {
    let database: any Database

    public init(database: any Database) {
        self.database = database
    }

    /// Days either side of the date.
    public static let reach = 3
    /// Photos a memory shows on the first screen; its book has all of them.
    public static let coverCount = 6
    /// Years looked back at most.
    static let maximumYears = 200

    /// The memories of `today` for the account, newest year first; none when the library has no
    /// photos of those days in earlier years.
    public func memories(_ today: CalendarDay, for account: AccountID) throws -> [Memory] {
        let years = try earlierYears(than: today)
        let windows = years.compactMap { year in today.inYear(year).map { (year: year, anniversary: $0, days: OnThisDay.days(around: $0)) }
        }
        guard !windows.isEmpty else { return [] }
        let allDays = windows.flatMap(\.days).map(\.description)
        let hiddenDays = Set(
            try database.fetchAll(
                """
                SELECT day FROM on_this_day_hidden_days WHERE account_id = \(account.rawValue) AND day IN \(list: allDays)
                """
            ) { try $0["day"] as String })
        let counts = Dictionary(
            try database.fetchAll("SELECT day, photo_count FROM timeline_days WHERE day IN \(list: allDays)") {
                (try $0["day"] as String, try $0["photo_count"] as Int)
            }, uniquingKeysWith: { first, _ in first })
        let hiddenPhotos = try database.fetchAll(
            """
            SELECT substr(photos.taken_at, 1, 10) AS day FROM on_this_day_hidden_photos JOIN photos ON photos.id = \
            on_this_day_hidden_photos.photo_id
            WHERE on_this_day_hidden_photos.account_id = \(account.rawValue) AND photos.taken_at IS NOT NULL
            """
        ) { try $0["day"] as String }
        let hiddenPhotoCounts = Dictionary(hiddenPhotos.map { ($0, 1) }, uniquingKeysWith: +)
        let shown = windows.map { window -> (year: Int, anniversary: CalendarDay, days: [CalendarDay], count: Int) in
            let days = window.days.filter { !hiddenDays.contains($0.description) }
            let count = days.reduce(0) { $0 + max(0, (counts[$1.description] ?? 0) - (hiddenPhotoCounts[$1.description] ?? 0)) }
            return (window.year, window.anniversary, days, count)
        }.filter { $0.count > 0 }
        guard !shown.isEmpty else { return [] }
        let samples = try photos(in: shown.map(\.days), for: account, limit: 24)
        let placeIDs = Set(samples.flatMap { $0 }.compactMap(\.placeID))
        let places = Dictionary(
            try database.fetchAll("SELECT \(raw: Place.columns) FROM places WHERE id IN \(list: placeIDs.sorted())", Place.init).map {
                ($0.id, $0)
            },
            uniquingKeysWith: { first, _ in first })
        return zip(shown, samples).map { window, sample in
            let counted = Dictionary(sample.compactMap(\.placeID).map { ($0, 1) }, uniquingKeysWith: +)
            let title = PlaceNaming.title(of: counted.compactMap { id, count in places[id].map { ($0, count) } })
            return Memory(
                anniversary: window.anniversary, yearsAgo: today.year - window.year, photoCount: window.count,
                photos: Array(sample.prefix(OnThisDay.coverCount)), title: title)
        }
    }

    /// The photos of the memory around `anniversary` the account has not hidden, oldest first:
    /// its book's pages, by id (a page reads its own photo, not the week's).
    public func photoIDs(around anniversary: CalendarDay, for account: AccountID) throws -> [Int64] {
        let days = OnThisDay.days(around: anniversary)
        let hidden = Set(
            try database.fetchAll(
                """
                SELECT day FROM on_this_day_hidden_days WHERE account_id = \(account.rawValue) AND day IN \(list: days.map(\.description))
                """
            ) { try $0["day"] as String })
        guard let shown = OnThisDay.shown(days.filter { !hidden.contains($0.description) }, for: account) else { return [] }
        return try database.fetchAll("SELECT id FROM photos WHERE \(sql: shown) ORDER BY taken_at, id") { try $0["id"] as Int64 }
    }

    /// Hides the memory around `anniversary` (its seven days) from the account's On this day.
    public func hide(around anniversary: CalendarDay, for account: AccountID) throws {
        try database.write { db in
            for day in OnThisDay.days(around: anniversary) {
                try db.execute(
                    """
                    INSERT INTO on_this_day_hidden_days (account_id, day) VALUES (\(account.rawValue), \(day.description))
                    ON CONFLICT (account_id, day) DO NOTHING
                    """)
            }
        }
    }

    /// Hides one photo from the account's memories. False when there is no such photo.
    @discardableResult
    public func hide(photo id: Int64, for account: AccountID) throws -> Bool {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO on_this_day_hidden_photos (account_id, photo_id) SELECT \(account.rawValue), id FROM photos WHERE id = \(id)
                ON CONFLICT (account_id, photo_id) DO NOTHING
                """)
            return try db.fetchOne("SELECT 1 AS one FROM photos WHERE id = \(id)") != nil
        }
    }

    /// The seven days of the memory around a day.
    public static func days(around day: CalendarDay) -> [CalendarDay] {
        (-reach...reach).compactMap { day.adding(days: $0) }
    }

    /// The earlier years whose windows can have photos: those with photos in the months the
    /// windows touch, newest first.
    private func earlierYears(than today: CalendarDay) throws -> [Int] {
        let window = OnThisDay.days(around: today)
        let months = Set(window.map { CalendarDay.pad($0.month, 2) })
        let keys = try database.fetchAll("SELECT month FROM timeline_months WHERE photo_count > 0 AND month < \(today.monthKey)") {
            try $0["month"] as String
        }
        var years = Set<Int>()
        for key in keys where months.contains(String(key.suffix(2))) {
            guard case .month(let year, let month)? = TimelinePeriod(key) else { continue }
            // A window around early January reaches into the December before, and one around late December into January.
            let anniversaryYear =
                month == today.month
                ? year : (month == 1 && today.month == 12 ? year - 1 : (month == 12 && today.month == 1 ? year + 1 : year))
            if anniversaryYear < today.year, anniversaryYear >= 1 { years.insert(anniversaryYear) }
        }
        return years.sorted(by: >).prefix(OnThisDay.maximumYears).map { $0 }
    }

    /// The photos taken on `days` (a run of them, some left out) that the account has not hidden
    /// one by one; nil for no days.
    private static func shown(_ days: [CalendarDay], for account: AccountID) -> SQL? {
        guard let first = days.first, let last = days.last else { return nil }
        return """
            taken_at >= \(first.description) AND taken_at < \(last.endBound) AND substr(taken_at, 1, 10) IN \(list: days.map(\.description))
            AND NOT EXISTS (SELECT 1 FROM on_this_day_hidden_photos WHERE account_id = \(account.rawValue) AND photo_id = photos.id)
            """
    }

    /// The photos of each group of days the account has not hidden, oldest first, at most `limit` a group.
    private func photos(in groups: [[CalendarDay]], for account: AccountID, limit: Int) throws -> [[Photo]] {
        let parts = groups.enumerated().compactMap { index, days -> SQL? in
            OnThisDay.shown(days, for: account).map { shown in
                """
                SELECT * FROM (SELECT \(raw: String(index)) AS memory, \(raw: Photo.columns) FROM photos
                    WHERE \(sql: shown) ORDER BY taken_at, id LIMIT \(raw: String(limit))) AS memory\(raw: String(index))
                """
            }
        }
        var result = [[Photo]](repeating: [], count: groups.count)
        guard let firstPart = parts.first else { return result }
        for row in try database.fetchAll(parts.dropFirst().reduce(firstPart) { $0 + " UNION ALL " + $1 }) {
            let index: Int = try row["memory"]
            if result.indices.contains(index) { result[index].append(try Photo(row: row)) }
        }
        return result
    }
}

/// The photos of one earlier year's days around today's date.
public struct Memory: Sendable, Equatable {
    /// Today's date in that year: the memory's middle day, and its address.
    public let anniversary: CalendarDay
    public let yearsAgo: Int
    public let photoCount: Int
    /// The first few, for the first screen.
    public let photos: [Photo]
    /// After the places they were taken at, when they have places.
    public let title: String?
}
