import RoadTrip

/// How the timeline says its days, months and runs of days.
enum TimelineText {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]

    /// "Saturday 18 October 2008"
    static func day(_ day: CalendarDay) -> String {
        let weekday = Int(((day.daysSince1970 % 7) + 7) % 7)
        return "\(weekdays[weekday]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// "October 2008"
    static func month(year: Int, month: Int) -> String {
        "\(months[max(1, min(month, 12)) - 1]) \(year)"
    }

    /// "Oct"
    static func shortMonth(_ month: Int) -> String {
        String(months[max(1, min(month, 12)) - 1].prefix(3))
    }

    /// "18–24 Oct 2008", "30 Oct – 2 Nov 2024", "30 Dec 2024 – 2 Jan 2025", "5 Mar 2024".
    static func range(_ first: CalendarDay, _ last: CalendarDay) -> String {
        let end = "\(last.day) \(shortMonth(last.month)) \(last.year)"
        if first == last { return end }
        if first.year != last.year { return "\(first.day) \(shortMonth(first.month)) \(first.year) – \(end)" }
        if first.month != last.month { return "\(first.day) \(shortMonth(first.month)) – \(end)" }
        return "\(first.day)–\(end)"
    }

    /// "1,020 km"
    static func kilometres(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "\(value < 0 ? "-" : "")\(grouped) km"
    }

    /// "3 years ago", "1 year ago"
    static func yearsAgo(_ years: Int) -> String {
        years == 1 ? "1 year ago" : "\(years) years ago"
    }

    static func period(_ period: TimelinePeriod) -> String {
        switch period {
        case .year(let year): String(year)
        case .month(let year, let month): self.month(year: year, month: month)
        case .day(let day): self.day(day)
        }
    }
}
