import Foundation

/// The IMF-fixdate of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`), as used by
/// `Last-Modified` and `If-Modified-Since`.
public enum HTTPDate {
    private static let names = (
        days: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )

    public static func format(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(names.days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(names.months[Int(parts.tm_mon)]) \(Int(parts.tm_year) + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Seconds since 1970 for an IMF-fixdate; nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT",
            let day = Int32(fields[1]), let monthIndex = names.months.firstIndex(of: String(fields[2])),
            // RFC 9110's year is four digits; one beyond them overflowed tm_year (years since 1900).
            let year = Int32(fields[3]), (0...9999).contains(year)
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int32($0) }
        guard clock.count == 3 else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = day
        parts.tm_hour = clock[0]
        parts.tm_min = clock[1]
        parts.tm_sec = clock[2]
        let seconds = timegm(&parts)
        // timegm rolls "32 Nov" or "25:61" over into real dates; only a date that formats back
        // to the same text is one (RFC 9110 §13.1.3: an invalid date is ignored).
        guard seconds != -1, format(secondsSince1970: Int(seconds)) == text else { return nil }
        return Int(seconds)
    }
}
