import Imaging

/// The times track files write: ISO 8601 / XML Schema `dateTime`, "2024-10-19T08:00:00Z",
/// "2024-10-19T09:00:00.000Z", "2024-10-20T10:00:00+02:00" (GPX says UTC, so a time without a
/// zone is read as UTC). KML's TimeSpan may also give a day alone ("2024-10-21"), read as its
/// midnight UTC. Milliseconds since 1970; nil for anything else, or a year outside 1...9999.
enum TrackTime {
    static func milliseconds(_ text: String, dayAlone: Bool = false) -> Int64? {
        var characters = Array(text.utf8)
        while let last = characters.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { characters.removeLast() }
        let leading = characters.prefix { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.count
        characters.removeFirst(leading)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= characters.count else { return nil }
            var value: Int64 = 0
            for index in range {
                let character = characters[index]
                guard (0x30...0x39).contains(character) else { return nil }
                value = value * 10 + Int64(character - 0x30)
            }
            return value
        }
        guard characters.count >= 10, characters[4] == 0x2D, characters[7] == 0x2D,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), year >= 1,
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let midnight = ExifTime.daysSince1970(year: year, month: month, day: day) * 86_400_000
        if characters.count == 10 { return dayAlone ? midnight : nil }
        guard characters.count >= 19, characters[10] == 0x54 || characters[10] == 0x20, characters[13] == 0x3A,
            characters[16] == 0x3A, let hours = number(11..<13), let minutes = number(14..<16),
            let seconds = number(17..<19), hours < 24, minutes < 60, seconds < 61
        else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if index < characters.count, characters[index] == 0x2E {
            index += 1
            var scale: Int64 = 100
            let start = index
            while index < characters.count, (0x30...0x39).contains(characters[index]) {
                fraction += Int64(characters[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index - start <= 12 else { return nil }
        }
        var offset: Int64 = 0
        if index < characters.count {
            switch characters[index] {
            case 0x5A where index + 1 == characters.count:
                break
            case 0x2B, 0x2D:
                let sign: Int64 = characters[index] == 0x2D ? -1 : 1
                let rest = characters.count - index - 1
                guard rest == 5 || rest == 4 || rest == 2, let zoneHours = number((index + 1)..<(index + 3)) else { return nil }
                var zoneMinutes: Int64 = 0
                if rest == 5 {
                    guard characters[index + 3] == 0x3A, let value = number((index + 4)..<(index + 6)) else { return nil }
                    zoneMinutes = value
                } else if rest == 4 {
                    guard let value = number((index + 3)..<(index + 5)) else { return nil }
                    zoneMinutes = value
                }
                guard zoneHours <= 14, zoneMinutes < 60 else { return nil }
                offset = sign * (zoneHours * 60 + zoneMinutes) * 60_000
            default:
                return nil
            }
        }
        return midnight + (hours * 3600 + minutes * 60 + seconds) * 1000 + fraction - offset
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The milliseconds of years 1 to 9999: every time read is within them, and one read back from
    /// a database outside them is taken as no time (its arithmetic could overflow).
    static let plausible: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    static func plausible(_ milliseconds: Int64?) -> Int64? {
        milliseconds.flatMap { plausible.contains($0) ? $0 : nil }
    }

    /// "2024-10-19T08:00:00Z" for milliseconds since 1970 (whole seconds), as GPX writes times;
    /// a time outside years 1 to 9999 is written as the nearest there is.
    static func text(_ milliseconds: Int64) -> String {
        let milliseconds = min(max(milliseconds, plausible.lowerBound), plausible.upperBound)
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (dayIndex, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, day) = ExifTime.civilDate(daysSince1970: dayIndex)
        func pad(_ value: Int64, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60))Z"
    }
}
