import Imaging

/// A day of the proleptic Gregorian calendar, as a photo's local date names it ("2008-10-18").
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real date of years 1 to 9999; nil otherwise.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...CalendarDay.days(inMonth: month, of: year)).contains(day) else {
            return nil
        }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// 1 January 1970.
    public static let epoch = CalendarDay(valid: (1970, 1, 1))

    private init(valid date: (year: Int, month: Int, day: Int)) {
        (year, month, day) = date
    }

    /// "2008-10-18", or the start of a photo's `taken_at` ("2008-10-18T12:00:00"); nil when it is no real date.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            let year = CalendarDay.number(bytes[0...3]), let month = CalendarDay.number(bytes[5...6]),
            let day = CalendarDay.number(bytes[8...9])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `daysSince1970` days after 1970-01-01, when it is one of years 1 to 9999.
    public init?(daysSince1970 days: Int64) {
        guard (-719_162...2_932_896).contains(days) else { return nil }
        let date = ExifTime.civilDate(daysSince1970: days)
        self.init(year: Int(date.year), month: Int(date.month), day: Int(date.day))
    }

    public var daysSince1970: Int64 {
        ExifTime.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day))
    }

    /// The day `count` days later (earlier when negative); nil outside years 1 to 9999.
    public func adding(days count: Int) -> CalendarDay? {
        CalendarDay(daysSince1970: daysSince1970 + Int64(count))
    }

    /// Text that sorts after every `taken_at` of this day and before any of a later day: the next
    /// day, or after 9999-12-31 "A", which sorts after every date (the end of time).
    public var endBound: String { adding(days: 1)?.description ?? "A" }

    /// The same day of the month in `year`; 29 February is the 28th in a year without one.
    public func inYear(_ year: Int) -> CalendarDay? {
        CalendarDay(year: year, month: month, day: min(day, CalendarDay.days(inMonth: month, of: year)))
    }

    public var description: String { "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))-\(CalendarDay.pad(day, 2))" }
    /// "2008-10": the month's key in `timeline_months`.
    public var monthKey: String { "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))" }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

/// A year, a month or a day of the timeline: what its addresses name ("2008", "2008-10", "2008-10-18").
public enum TimelinePeriod: Sendable, Hashable, CustomStringConvertible {
    case year(Int)
    case month(year: Int, month: Int)
    case day(CalendarDay)

    /// "2008", "2008-10" or "2008-10-18" of a real date of years 1 to 9999; nil otherwise.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        switch bytes.count {
        case 4:
            guard let year = CalendarDay.number(bytes[0...3]), (1...9999).contains(year) else { return nil }
            self = .year(year)
        case 7:
            guard bytes[4] == 0x2D, let year = CalendarDay.number(bytes[0...3]), let month = CalendarDay.number(bytes[5...6]),
                CalendarDay(year: year, month: month, day: 1) != nil
            else { return nil }
            self = .month(year: year, month: month)
        case 10:
            guard let day = CalendarDay(text) else { return nil }
            self = .day(day)
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .year(let year): CalendarDay.pad(year, 4)
        case .month(let year, let month): "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))"
        case .day(let day): day.description
        }
    }

    /// The first `taken_at` after the period, as text that sorts after every one of its photos'
    /// ("2008-11" after October 2008): the keyset bound of "start at the end of this period".
    var upperBound: String {
        switch self {
        // "A" sorts after every date: the end of year 9999 is the end of time.
        case .year(let year): year == 9999 ? "A" : CalendarDay.pad(year + 1, 4)
        case .month(let year, let month):
            month < 12 ? "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month + 1, 2))" : TimelinePeriod.year(year).upperBound
        case .day(let day): day.endBound
        }
    }

    /// The text every `taken_at` of the period starts with, which sorts before them all.
    var lowerBound: String { description }
}
