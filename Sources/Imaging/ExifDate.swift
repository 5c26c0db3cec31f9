/// EXIF dates: "YYYY:MM:DD HH:MM:SS", no zone. Cameras without a clock write zeros or spaces.
public enum ExifDate {
    /// "YYYY-MM-DDTHH:MM:SS", or nil unless the text is a real calendar date and time.
    /// Dashes and a "T" are accepted too, since some software writes ISO punctuation.
    public static func normalised(_ text: String) -> String? {
        let characters = Array(text.utf8.prefix(19))
        guard characters.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let character = characters[index]
                guard (0x30...0x39).contains(character) else { return nil }
                value = value * 10 + Int(character - 0x30)
            }
            return value
        }
        let separators: [(Int, Set<UInt8>)] = [(4, [0x3A, 0x2D]), (7, [0x3A, 0x2D]), (10, [0x20, 0x54]), (13, [0x3A]), (16, [0x3A])]
        guard separators.allSatisfy({ $0.1.contains(characters[$0.0]) }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: 4 - String(year).count) + String(year)
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
