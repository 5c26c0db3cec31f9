import SQLDatabase

/// The Years and Months zoom levels: a tile for each year, or for each month of a year, with
/// its count and a photo of it. The counts are the triggers' (`timeline_months`,
/// `timeline_days`); each tile's photo is the newest of its busiest month (a year's) or day (a
/// month's), read in one statement of at most one row a tile.
extension Timeline {
    /// Every year with photos, newest first.
    public func years() throws -> [TimelineTile] {
        var byYear: [Int: (count: Int, busiest: TimelineMonth)] = [:]
        for month in try months() {
            let current = byYear[month.year]
            byYear[month.year] = (
                (current?.count ?? 0) + month.photoCount,
                current.map { $0.busiest.photoCount >= month.photoCount ? $0.busiest : month } ?? month
            )
        }
        let years = byYear.keys.sorted(by: >)
        let covers = try newestPhotos(
            in: years.compactMap { byYear[$0].map { TimelinePeriod.month(year: $0.busiest.year, month: $0.busiest.month) } })
        return years.enumerated().map { index, year in
            TimelineTile(period: .year(year), photoCount: byYear[year]?.count ?? 0, cover: covers[index])
        }
    }

    /// The months of `year` that have photos, newest first.
    public func months(of year: Int) throws -> [TimelineTile] {
        let first = TimelinePeriod.year(year).lowerBound
        let after = TimelinePeriod.year(year).upperBound
        let days = try database.fetchAll(
            "SELECT day, photo_count FROM timeline_days WHERE day >= \(first) AND day < \(after) AND photo_count > 0 ORDER BY day"
        ) { row in
            (day: CalendarDay(try row["day"] as String), count: try row["photo_count"] as Int)
        }
        var byMonth: [Int: (count: Int, busiest: CalendarDay, busiestCount: Int)] = [:]
        for case let (day?, count) in days {
            // The later day wins a tie, as the newer month does a year's.
            if let current = byMonth[day.month], current.busiestCount > count {
                byMonth[day.month] = (current.count + count, current.busiest, current.busiestCount)
            } else {
                byMonth[day.month] = ((byMonth[day.month]?.count ?? 0) + count, day, count)
            }
        }
        let months = byMonth.keys.sorted(by: >)
        let covers = try newestPhotos(in: months.compactMap { byMonth[$0].map { TimelinePeriod.day($0.busiest) } })
        return months.enumerated().map { index, month in
            TimelineTile(period: .month(year: year, month: month), photoCount: byMonth[month]?.count ?? 0, cover: covers[index])
        }
    }

    /// The newest photo of each period, in the order given (nil where one has none).
    func newestPhotos(in periods: [TimelinePeriod]) throws -> [Photo?] {
        guard !periods.isEmpty else { return [] }
        let parts = periods.enumerated().map { index, period -> SQL in
            """
            SELECT * FROM (SELECT \(raw: String(index)) AS tile, \(raw: Photo.columns) FROM photos
                WHERE taken_at >= \(period.lowerBound) AND taken_at < \(period.upperBound) ORDER BY taken_at DESC, id DESC LIMIT \
                1) AS tile\(raw: String(index))
            """
        }
        let statement = parts.dropFirst().reduce(parts[0]) { $0 + " UNION ALL " + $1 }
        var covers = [Photo?](repeating: nil, count: periods.count)
        for row in try database.fetchAll(statement) {
            let tile: Int = try row["tile"]
            if covers.indices.contains(tile) { covers[tile] = try Photo(row: row) }
        }
        return covers
    }
}

/// A year's or a month's tile: its count and a photo of it.
public struct TimelineTile: Sendable, Equatable {
    public let period: TimelinePeriod
    public let photoCount: Int
    public let cover: Photo?
}
