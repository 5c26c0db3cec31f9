/// How a video's length reads on its thumbnail, as iOS Photos writes it.
enum DurationText {
    /// "0:02", "0:42", "12:05", "1:02:05": minutes and seconds, hours when there are any.
    static func clock(milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds + 500) / 1000
        let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
        let (minutes, second) = rest.quotientAndRemainder(dividingBy: 60)
        let twoDigits = { (value: Int64) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(second))" : "\(minutes):\(twoDigits(second))"
    }
}
