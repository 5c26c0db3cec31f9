/// EXIF's zone offsets ("+02:00", OffsetTimeOriginal) and GPS time stamps (a UTC day and the
/// hours, minutes and seconds of it), turned into numbers without Foundation's calendars.
public enum ExifTime {
    /// An offset as stored, if it is one a camera could have written (within a day): a number read
    /// back from a database is never trusted into arithmetic that could overflow.
    public static func plausibleOffset(_ minutes: Int64?) -> Int? {
        guard let minutes, abs(minutes) <= 24 * 60 else { return nil }
        return Int(minutes)
    }

    /// Seconds since 1970 as stored, if within years 1 to 9999 (so that milliseconds never overflow).
    public static func plausibleInstant(_ seconds: Int64?) -> Int64? {
        guard let seconds, (-62_135_596_800...253_402_300_799).contains(seconds) else { return nil }
        return seconds
    }

    /// "+02:00" → 120, "-03:30" → -210; nil unless it is an offset a zone can have (±14 h).
    public static func offsetMinutes(_ text: String) -> Int? {
        let characters = Array(text.utf8)
        guard characters.count == 6, characters[0] == 0x2B || characters[0] == 0x2D, characters[3] == 0x3A,
            let hours = digits(characters[1...2]), let minutes = digits(characters[4...5]), minutes < 60
        else { return nil }
        let total = hours * 60 + minutes
        guard total <= 14 * 60 else { return nil }
        return characters[0] == 0x2D ? -total : total
    }

    /// 120 → "+02:00": as OffsetTimeOriginal writes it.
    public static func offsetText(minutes: Int) -> String {
        let magnitude = min(abs(minutes), 99 * 60 + 59)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (minutes < 0 ? "-" : "+") + two(magnitude / 60) + ":" + two(magnitude % 60)
    }

    /// Seconds since 1970 UTC of a GPS day ("YYYY:MM:DD") and time of day; nil unless real.
    /// Fractions of a second are dropped (cameras write whole seconds or tenths).
    static func instant(day: String, hours: Double, minutes: Double, seconds: Double) -> Int64? {
        guard let date = ExifDate.normalised(day + " 00:00:00"),
            hours >= 0, hours < 24, minutes >= 0, minutes < 60, seconds >= 0, seconds < 61,
            let (year, month, dayOfMonth) = calendarDate(date)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: dayOfMonth)
        return days * 86_400 + Int64(hours) * 3600 + Int64(minutes) * 60 + Int64(seconds)
    }

    /// "YYYY:MM:DD" and the second of that day for an instant, as GPSDateStamp and GPSTimeStamp
    /// write it; nil before year 1 or after 9999.
    static func dayAndSeconds(of instant: Int64) -> (String, Int)? {
        let (days, second) = (instant.quotientAndRemainder(dividingBy: 86_400))
        let (dayIndex, secondOfDay) = second < 0 ? (days - 1, second + 86_400) : (days, second)
        let (year, month, day) = civilDate(daysSince1970: dayIndex)
        guard (1...9999).contains(year) else { return nil }
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return ("\(pad(year, 4)):\(pad(month, 2)):\(pad(day, 2))", Int(secondOfDay))
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    public static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970` (`civil_from_days`).
    public static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since 1970 of a normalised local date ("YYYY-MM-DDTHH:MM:SS") read as if it were
    /// UTC: the camera's clock, to which an offset is then applied.
    public static func clockSeconds(_ normalised: String) -> Int64? {
        let characters = Array(normalised.utf8)
        guard characters.count == 19, let (year, month, day) = calendarDate(normalised),
            let hours = digits(characters[11...12]), let minutes = digits(characters[14...15]),
            let seconds = digits(characters[17...18])
        else { return nil }
        return daysSince1970(year: year, month: month, day: day) * 86_400 + Int64(hours * 3600 + minutes * 60 + seconds)
    }

    private static func calendarDate(_ normalised: String) -> (Int64, Int64, Int64)? {
        let characters = Array(normalised.utf8)
        guard characters.count >= 10, let year = digits(characters[0...3]), let month = digits(characters[5...6]),
            let day = digits(characters[8...9])
        else { return nil }
        return (Int64(year), Int64(month), Int64(day))
    }

    private static func digits(_ characters: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for character in characters {
            guard (0x30...0x39).contains(character) else { return nil }
            value = value * 10 + Int(character - 0x30)
        }
        return value
    }
}
