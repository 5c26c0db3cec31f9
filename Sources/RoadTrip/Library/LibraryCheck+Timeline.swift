import SQLDatabase

extension Library {
    /// The counts the timeline reads instead of counting (`TimelineSchema`), counted afresh: a
    /// day or month counted wrongly, one counted that has no photos, and the photos without a date.
    func checkTimelineCounts(into report: inout LibraryCheckReport) throws {
        for (table, key, length) in [("timeline_days", "day", 10), ("timeline_months", "month", 7)] {
            let counted =
                """
                SELECT substr(taken_at, 1, \(length)) AS period, count(*) AS photos FROM photos WHERE taken_at IS NOT NULL GROUP \
                BY substr(taken_at, 1, \(length))
                """
            let wrong: Int =
                try database.fetchValue(
                    """
                    SELECT count(*) FROM (\(raw: counted)) a LEFT JOIN \(raw: table) t ON t.\(raw: key) = a.period
                    WHERE t.photo_count IS NULL OR t.photo_count <> a.photos
                    """) ?? 0
            let stray: Int =
                try database.fetchValue(
                    """
                    SELECT count(*) FROM \(raw: table) t WHERE t.photo_count > 0 AND NOT EXISTS (SELECT 1 FROM (\(raw: counted)) a \
                    WHERE a.period = t.\(raw: key))
                    """) ?? 0
            if wrong + stray > 0 { report.problems.append("\(wrong + stray) \(key)s of the timeline count their photos wrongly") }
        }
        let kept: Int = try database.fetchValue("SELECT photo_count FROM timeline_undated") ?? 0
        let actual: Int = try database.fetchValue("SELECT count(*) FROM photos WHERE taken_at IS NULL") ?? 0
        if kept != actual { report.problems.append("the count of photos without a date is \(kept), not \(actual)") }
    }
}
