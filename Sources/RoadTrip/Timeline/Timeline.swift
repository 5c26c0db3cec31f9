import SQLDatabase

/// The library's photos by when they were taken, newest first, as the Timeline shows them:
/// pages read by keyset on (`taken_at`, `id`), so that every page reads at most a page of
/// photos and a day's and a month's counts, however large the library; the months for the
/// scrubber from the counts the triggers keep (`TimelineSchema`). Photos without a date come
/// after all the others, newest import first.
public struct Timeline: Sendable {
    let database: any Database

    public init(database: any Database) {
        self.database = database
    }

    /// Photos a page shows.
    public static let pageSize = 120

    /// Every month that has photos, newest first, with their counts: the scrubber's data.
    public func months() throws -> [TimelineMonth] {
        try database.fetchAll("SELECT month, photo_count FROM timeline_months WHERE photo_count > 0 ORDER BY month DESC") { row in
            TimelineMonth(key: try row["month"], photoCount: try row["photo_count"])
        }.compactMap { $0 }
    }

    /// How many photos have no date.
    public func undatedCount() throws -> Int {
        try database.fetchValue("SELECT photo_count FROM timeline_undated WHERE id = 1") ?? 0
    }

    /// A page of dated photos from `start`, grouped by day, with the keys of the pages either side.
    public func page(_ start: TimelineStart, size: Int = Timeline.pageSize) throws -> TimelinePage {
        let size = max(1, min(size, 1000))
        var photos: [Photo]
        let newerExists: Bool
        let olderExists: Bool
        switch start {
        case .newest, .period, .before:
            var condition: SQL = "taken_at IS NOT NULL"
            if case .period(let period) = start { condition = condition + " AND taken_at < \(period.upperBound)" }
            if case .before(let key) = start { condition = condition + " AND (taken_at, id) < (\(key.takenAt), \(key.id))" }
            photos = try database.fetchAll(
                "SELECT \(raw: Photo.columns) FROM photos WHERE \(sql: condition) ORDER BY taken_at DESC, id DESC LIMIT \(size + 1)",
                Photo.init)
            olderExists = photos.count > size
            photos = Array(photos.prefix(size))
            newerExists = try firstKey(of: photos).map { try exists(after: $0) } ?? false
        case .after(let key):
            photos = try database.fetchAll(
                """
                SELECT \(raw: Photo.columns) FROM photos WHERE taken_at IS NOT NULL AND (taken_at, id) > (\(key.takenAt), \(key.id))
                ORDER BY taken_at, id LIMIT \(size + 1)
                """, Photo.init)
            newerExists = photos.count > size
            photos = Array(photos.prefix(size).reversed())
            olderExists = try firstKey(of: photos.reversed()).map { try exists(before: $0) } ?? false
        }
        let days = try sections(of: photos)
        return TimelinePage(
            days: days,
            newer: newerExists ? firstKey(of: photos) : nil,
            older: olderExists ? firstKey(of: photos.reversed()) : nil
        )
    }

    /// The key of the first photo whose date can be read (an older RoadTrip may have stored one
    /// that cannot, which `roadtrip check` repairs): the page's edge, so that paging goes on past it.
    private func firstKey(of photos: some Sequence<Photo>) -> TimelineKey? {
        photos.lazy.compactMap { key(of: $0) }.first
    }

    /// A page of the photos without a date, newest import first, after the one numbered `after`.
    public func undated(after: Int64?, size: Int = Timeline.pageSize) throws -> (photos: [Photo], more: Int64?) {
        let size = max(1, min(size, 1000))
        let condition: SQL = after.map { "taken_at IS NULL AND id < \($0)" } ?? "taken_at IS NULL"
        let photos = try database.fetchAll(
            "SELECT \(raw: Photo.columns) FROM photos WHERE \(sql: condition) ORDER BY id DESC LIMIT \(size + 1)", Photo.init)
        return (Array(photos.prefix(size)), photos.count > size ? photos[size - 1].id : nil)
    }

    /// The photos either side of one in the timeline's order: dated ones newest first, then those
    /// without a date.
    public func neighbours(of photo: Photo) throws -> (newer: Int64?, older: Int64?) {
        if let key = key(of: photo) {
            let newer: Int64? = try database.fetchValue(
                """
                SELECT id FROM photos WHERE taken_at IS NOT NULL AND (taken_at, id) > (\(key.takenAt), \(key.id)) ORDER BY \
                taken_at, id LIMIT 1
                """)
            let older: Int64? =
                try database.fetchValue(
                    """
                    SELECT id FROM photos WHERE taken_at IS NOT NULL AND (taken_at, id) < (\(key.takenAt), \(key.id)) ORDER BY \
                    taken_at DESC, id DESC LIMIT 1
                    """) ?? database.fetchValue("SELECT id FROM photos WHERE taken_at IS NULL ORDER BY id DESC LIMIT 1")
            return (newer, older)
        }
        let newer: Int64? =
            try database.fetchValue("SELECT id FROM photos WHERE taken_at IS NULL AND id > \(photo.id) ORDER BY id LIMIT 1")
            ?? database.fetchValue("SELECT id FROM photos WHERE taken_at IS NOT NULL ORDER BY taken_at, id LIMIT 1")
        let older: Int64? = try database.fetchValue(
            "SELECT id FROM photos WHERE taken_at IS NULL AND id < \(photo.id) ORDER BY id DESC LIMIT 1")
        return (newer, older)
    }

    /// The key of a photo in the timeline's order; nil for one without a (readable) date.
    public func key(of photo: Photo) -> TimelineKey? {
        photo.takenAt.flatMap { TimelineKey(takenAt: $0, id: photo.id) }
    }

    private func exists(after key: TimelineKey) throws -> Bool {
        try database.fetchOne(
            "SELECT 1 AS one FROM photos WHERE taken_at IS NOT NULL AND (taken_at, id) > (\(key.takenAt), \(key.id)) LIMIT 1") != nil
    }

    private func exists(before key: TimelineKey) throws -> Bool {
        try database.fetchOne(
            "SELECT 1 AS one FROM photos WHERE taken_at IS NOT NULL AND (taken_at, id) < (\(key.takenAt), \(key.id)) LIMIT 1") != nil
    }

    /// The page's photos by day, each day with its count of photos in all (a day can run on
    /// from one page to the next).
    private func sections(of photos: [Photo]) throws -> [TimelineDay] {
        var days: [TimelineDay] = []
        for photo in photos {
            guard let day = photo.takenAt.flatMap({ CalendarDay($0) }) else { continue }
            if days.last?.day == day {
                days[days.count - 1].photos.append(photo)
            } else {
                days.append(TimelineDay(day: day, photoCount: 0, photos: [photo]))
            }
        }
        guard let newest = days.first?.day, let oldest = days.last?.day else { return days }
        let counts = try database.fetchAll(
            """
            SELECT day, photo_count FROM timeline_days WHERE day >= \(oldest.description) AND day <= \(newest.description)
            """
        ) { row in (try row["day"] as String, try row["photo_count"] as Int) }
        let byDay = Dictionary(counts, uniquingKeysWith: { first, _ in first })
        for index in days.indices {
            days[index].photoCount = max(byDay[days[index].day.description] ?? 0, days[index].photos.count)
        }
        return days
    }
}

/// A month of the timeline and how many photos it has.
public struct TimelineMonth: Sendable, Equatable {
    public let year: Int
    public let month: Int
    public let photoCount: Int

    init?(key: String, photoCount: Int) {
        guard case .month(let year, let month)? = TimelinePeriod(key) else { return nil }
        (self.year, self.month, self.photoCount) = (year, month, photoCount)
    }

    public init(year: Int, month: Int, photoCount: Int) {
        (self.year, self.month, self.photoCount) = (year, month, photoCount)
    }

    public var period: TimelinePeriod { .month(year: year, month: month) }
}

/// A day's section of a timeline page.
public struct TimelineDay: Sendable, Equatable {
    public let day: CalendarDay
    /// The day's photos in all, on this page and others.
    public internal(set) var photoCount: Int
    public internal(set) var photos: [Photo]
}

/// One page of the timeline.
public struct TimelinePage: Sendable, Equatable {
    public let days: [TimelineDay]
    /// The page above starts after this key; nil at the newest photos.
    public let newer: TimelineKey?
    /// The page below starts before this key; nil at the oldest dated photo.
    public let older: TimelineKey?

    public var photos: [Photo] { days.flatMap(\.photos) }
}
