import Geo
import SQLDatabase

/// Finds trips in the photos: runs of days whose photos were taken far from home, where home
/// is where the library's photos are taken on the most days. It never leaves the library: no
/// position is sent anywhere. Run by the `trips` job, which the photos' triggers queue when a
/// photo comes, goes, is dated again or moves (`TimelineSchema`): each run looks again only at
/// the days near those that changed, and writes what it found as suggestions (`FoundTrips`),
/// keeping those a person dismissed or made into a vacation.
public struct TripFinder: Sendable {
    let database: any Database
    let clock: WallClock
    public let thresholds: Thresholds

    public init(database: any Database, clock: WallClock, thresholds: Thresholds = Thresholds()) {
        (self.database, self.clock, self.thresholds) = (database, clock, thresholds)
    }

    /// What makes a trip. The defaults and why are in docs/using.md ("Trips found in the photos").
    public struct Thresholds: Sendable {
        /// A day is away when most of its photos with a position were taken at least this far from home.
        public var awayKilometres = 100.0
        /// Days without photos allowed between two days away of one trip.
        public var gapDays = 2
        /// Fewer photos than this make no trip.
        public var minimumPhotos = 5
        /// A longer run of days away is a time spent living elsewhere (a posting, a season abroad), not a trip.
        public var maximumDays = 60
        /// Home is the square of this many degrees with photos on the most days.
        public var homeCellDegrees = 0.5

        public init() {}
    }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        public var daysLookedAt = 0
        public var photosRead = 0
        public var tripsFound = 0
        public var homeFound = false
    }

    /// Looks again at the days that changed since the last run (all of them the first time,
    /// when home is found too), until no change is left.
    @discardableResult
    public func run() throws -> Report {
        var report = Report()
        while true {
            let changes = try database.fetchAll("SELECT day, version FROM trip_changes ORDER BY day") { row in
                (day: try row["day"] as String, version: try row["version"] as Int64)
            }
            guard !changes.isEmpty else { return report }
            var home = try storedHome()
            let libraryDays: Int = try database.fetchValue("SELECT count(*) FROM timeline_days WHERE photo_count > 0") ?? 0
            if home.map({ TripFinder.grownSince($0, libraryDays: libraryDays) }) ?? true {
                let found = try findHome(libraryDays: libraryDays)
                report.homeFound = report.homeFound || found != nil
                // Home moved (by half the distance that makes a day away, or more): every trip is measured from the new one.
                if let old = home, let found, old.coordinate.distance(to: found.coordinate) >= thresholds.awayKilometres * 500 {
                    try markEveryDayChanged()
                    home = found
                    continue
                }
                home = found
            }
            if let home {
                for range in TripFinder.ranges(of: changes.compactMap { CalendarDay($0.day) }) {
                    try look(at: range, home: home, report: &report)
                }
            }
            try database.write { db in
                for change in changes {
                    try db.execute("DELETE FROM trip_changes WHERE day = \(change.day) AND version = \(change.version)")
                }
            }
        }
    }

    /// Finds home again and looks at every day.
    @discardableResult
    public func runAll() throws -> Report {
        try database.write { db in try db.execute("DELETE FROM trip_home") }
        try markEveryDayChanged()
        return try run()
    }

    private func markEveryDayChanged() throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO trip_changes (day, version) SELECT day, 1 FROM timeline_days WHERE photo_count > 0
                ON CONFLICT (day) DO UPDATE SET version = trip_changes.version + 1
                """)
        }
    }

    /// Home is looked for again once the library has a tenth more days with photos (and at
    /// least ten) than when it was found: a first import of a few photos does not settle it.
    static func grownSince(_ home: Home, libraryDays: Int) -> Bool {
        libraryDays - home.libraryDays >= max(10, home.libraryDays / 10)
    }

    /// Where home is: the middle of the photos of the square with photos on the most days. Nil
    /// while no photo has a date and a position.
    public func storedHome() throws -> Home? {
        guard let row = try database.fetchOne("SELECT latitude, longitude, photo_days, library_days FROM trip_home WHERE id = 1"),
            let coordinate = Coordinate(latitude: try row["latitude"] as Double, longitude: try row["longitude"] as Double)
        else { return nil }
        return Home(coordinate: coordinate, photoDays: try row["photo_days"], libraryDays: try row["library_days"])
    }

    public struct Home: Sendable, Equatable {
        public let coordinate: Coordinate
        /// Days with photos taken there.
        public let photoDays: Int
        /// Days with photos in the library when it was found.
        public let libraryDays: Int
    }

    private func findHome(libraryDays: Int) throws -> Home? {
        struct Cell { var days = 0; var lastDay = ""; var latitude = 0.0; var longitude = 0.0; var photos = 0 }
        var cells: [Int64: Cell] = [:]
        let size = thresholds.homeCellDegrees
        try scan(from: nil, to: nil) { photo in
            guard let coordinate = photo.coordinate else { return }
            let key = Int64((coordinate.latitude / size).rounded(.down)) * 1_000_000 + Int64((coordinate.longitude / size).rounded(.down))
            var cell = cells[key] ?? Cell()
            if cell.lastDay != photo.day { cell.days += 1; cell.lastDay = photo.day }
            cell.latitude += coordinate.latitude
            cell.longitude += coordinate.longitude
            cell.photos += 1
            cells[key] = cell
        }
        // The most days, then the most photos, then the square's number: the same home every time.
        guard let best = cells.max(by: { ($0.value.days, $0.value.photos, $1.key) < ($1.value.days, $1.value.photos, $0.key) })?.value,
            best.photos > 0,
            let middle = Coordinate(latitude: best.latitude / Double(best.photos), longitude: best.longitude / Double(best.photos))
        else { return nil }
        let home = Home(coordinate: middle, photoDays: best.days, libraryDays: libraryDays)
        try database.write { db in
            try db.execute("DELETE FROM trip_home")
            try db.execute(
                """
                INSERT INTO trip_home (id, latitude, longitude, photo_days, library_days, found_at)
                VALUES (1, \(middle.latitude), \(middle.longitude), \(best.days), \(libraryDays), \(clock.seconds))
                """)
        }
        return home
    }

    /// The changed days in runs, each widened by a week either side; runs that come that close merge.
    static func ranges(of days: [CalendarDay]) -> [ClosedRange<CalendarDay>] {
        var ranges: [ClosedRange<CalendarDay>] = []
        for day in days.sorted() {
            let low = day.adding(days: -7) ?? day
            let high = day.adding(days: 7) ?? day
            if let last = ranges.last, low <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                ranges.append(low...high)
            }
        }
        return ranges
    }

    /// Finds the trips of a range of days, widening it while a trip or a suggestion runs past
    /// its ends, and writes them.
    private func look(at initial: ClosedRange<CalendarDay>, home: Home, report: inout Report) throws {
        var range = initial
        var trips: [FoundTripDays] = []
        // Widened by a month, then two, four…: a run away of any length is read a few times, not once a month.
        var widening = 31
        for _ in 0..<40 {
            let suggestions = try database.fetchAll(
                """
                SELECT first_day, last_day FROM found_trips WHERE last_day >= \(range.lowerBound.description) AND first_day <= \
                \(range.upperBound.description)
                """
            ) { row in (CalendarDay(try row["first_day"] as String), CalendarDay(try row["last_day"] as String)) }
            let low = suggestions.compactMap(\.0).min().map { min($0, range.lowerBound) } ?? range.lowerBound
            let high = suggestions.compactMap(\.1).max().map { max($0, range.upperBound) } ?? range.upperBound
            range = low...high
            let days = try summaries(of: range, home: home, report: &report)
            trips = TripFinder.trips(in: days, thresholds: thresholds)
            let reach = thresholds.gapDays + 1
            // A trip this near an end may go on past it, when there are photos there.
            let before = range.lowerBound.adding(days: -reach) ?? range.lowerBound
            let after = range.upperBound.adding(days: reach) ?? range.upperBound
            let widenLow =
                try trips.first.map { $0.first.daysSince1970 - range.lowerBound.daysSince1970 <= Int64(reach) } == true
                && hasPhotos(from: before, before: range.lowerBound)
            let widenHigh =
                try trips.last.map { range.upperBound.daysSince1970 - $0.last.daysSince1970 <= Int64(reach) } == true
                && hasPhotos(from: range.upperBound.adding(days: 1) ?? after, before: after.adding(days: 1) ?? after)
            guard widenLow || widenHigh else { break }
            let wideLow = widenLow ? range.lowerBound.adding(days: -widening) ?? range.lowerBound : range.lowerBound
            let wideHigh = widenHigh ? range.upperBound.adding(days: widening) ?? range.upperBound : range.upperBound
            range = wideLow...wideHigh
            widening = min(widening * 2, 4_000_000)
        }
        report.tripsFound += trips.count
        try FoundTrips(database: database, clock: clock).replace(in: range, with: trips)
    }

    private func hasPhotos(from first: CalendarDay, before end: CalendarDay) throws -> Bool {
        try database.fetchOne(
            "SELECT 1 AS one FROM photos WHERE taken_at >= \(first.description) AND taken_at < \(end.description) LIMIT 1") != nil
    }

    /// Each day of the range with photos: how many, how many away, its places and a photo of it.
    private func summaries(of range: ClosedRange<CalendarDay>, home: Home, report: inout Report) throws -> [DaySummary] {
        var days: [DaySummary] = []
        let away = thresholds.awayKilometres * 1000
        try scan(from: range.lowerBound, to: range.upperBound) { photo in
            report.photosRead += 1
            guard let day = CalendarDay(photo.day) else { return }
            if days.last?.day != day { days.append(DaySummary(day: day)); report.daysLookedAt += 1 }
            var summary = days[days.count - 1]
            summary.photos += 1
            if let coordinate = photo.coordinate {
                summary.positioned += 1
                let distance = coordinate.distance(to: home.coordinate)
                if distance >= away {
                    summary.away += 1
                    summary.farthest = max(summary.farthest, distance)
                    if summary.cover == nil { summary.cover = photo.id }
                    // Named after where it went: the places of the photos away, not of the morning at home.
                    if let place = photo.placeID { summary.places[place, default: 0] += 1 }
                }
            }
            days[days.count - 1] = summary
        }
        return days
    }

    /// One dated photo as a scan reads it.
    struct ScannedPhoto {
        let id: Int64
        let day: String
        let coordinate: Coordinate?
        let placeID: Int64?
    }

    /// Every dated photo from `first` to `last` (all when nil), in time order, a batch at a time.
    private func scan(from first: CalendarDay?, to last: CalendarDay?, _ body: (ScannedPhoto) throws -> Void) throws {
        var after: (String, Int64)? = first.map { ($0.description, 0) }
        // "A" sorts after every date: no end.
        let end = last?.endBound ?? "A"
        while true {
            let condition: SQL = after.map { "(taken_at, id) > (\($0.0), \($0.1))" } ?? "taken_at IS NOT NULL"
            let rows = try database.fetchAll(
                """
                SELECT id, taken_at, latitude, longitude, place_id FROM photos WHERE \(sql: condition) AND taken_at < \(end)
                ORDER BY taken_at, id LIMIT 20000
                """
            ) { row in
                (
                    id: try row["id"] as Int64, takenAt: try row["taken_at"] as String,
                    coordinate: Coordinate(latitude: try row["latitude"] as Double?, longitude: try row["longitude"] as Double?),
                    placeID: try row["place_id"] as Int64?
                )
            }
            for row in rows {
                try body(ScannedPhoto(id: row.id, day: String(row.takenAt.prefix(10)), coordinate: row.coordinate, placeID: row.placeID))
            }
            guard rows.count == 20000, let last = rows.last else { return }
            after = (last.takenAt, last.id)
        }
    }
}
