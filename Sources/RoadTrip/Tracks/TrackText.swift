import Foundation
import Imaging

/// How a track's figures read, alike on the command line and in the browser. A track's points
/// carry no zone of their own: its times read in the reader's zone (the machine's on the
/// command line; in a browser, a `time` the page's script writes again).
public enum TrackText {
    /// "850 m", "6.7 km", "231 km".
    public static func distance(_ metres: Double) -> String {
        guard metres.isFinite, metres >= 0 else { return "0 m" }
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        let kilometres = metres / 1000
        if kilometres < 100 { return "\((kilometres * 10).rounded() / 10) km" }
        return "\(Int(min(kilometres, 1e9).rounded())) km"
    }

    /// "45 min", "1 h 30 min", "2 d 3 h", from milliseconds.
    public static func duration(_ milliseconds: Int64) -> String {
        let minutes = max(0, milliseconds) / 60_000
        if minutes < 60 { return "\(minutes) min" }
        let (hours, minute) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours < 24 { return minute == 0 ? "\(hours) h" : "\(hours) h \(minute) min" }
        let (days, hour) = hours.quotientAndRemainder(dividingBy: 24)
        return hour == 0 ? "\(days) d" : "\(days) d \(hour) h"
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "19 Oct 2024, 10:00–11:30 CEST"; "19 Oct 2024 22:00 – 20 Oct 2024 04:00 UTC" across a day.
    public static func timeRange(_ start: Int64, _ end: Int64, in zone: TimeZone) -> String {
        let (startDay, startTime) = dayAndTime(start, in: zone)
        let (endDay, endTime) = dayAndTime(end, in: zone)
        let name = zoneName(zone, at: end)
        return startDay == endDay
            ? "\(startDay), \(startTime)\u{2013}\(endTime) \(name)" : "\(startDay) \(startTime) \u{2013} \(endDay) \(endTime) \(name)"
    }

    /// "2024-10-19T08:00:00Z": an instant in milliseconds as a browser reads it (a `time`'s datetime).
    public static func instant(_ milliseconds: Int64) -> String {
        TrackTime.text(milliseconds)
    }

    /// "19 Oct 2024" and "08:00" of an instant in milliseconds, on the clocks of `zone` (UTC unless
    /// told).
    public static func dayAndTime(_ milliseconds: Int64, in zone: TimeZone = utc) -> (String, String) {
        let offset = Int64(zone.secondsFromGMT(for: date(milliseconds / 1000))) * 1000
        let shifted = milliseconds.addingReportingOverflow(offset)
        let text = Array(TrackTime.text(shifted.overflow ? milliseconds : shifted.partialValue))
        let month = Int(String(text[5...6])) ?? 1
        let day = String(text[8...9]).drop { $0 == "0" }
        return ("\(day) \(months[max(0, min(11, month - 1))]) \(String(text[0...3]))", String(text[11...15]))
    }

    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// "CEST", "UTC", or "UTC+05:30" where the zone has no short name.
    static func zoneName(_ zone: TimeZone, at milliseconds: Int64) -> String {
        let when = date(milliseconds / 1000)
        if let name = zone.abbreviation(for: when), !name.hasPrefix("GMT") { return name }
        let minutes = zone.secondsFromGMT(for: when) / 60
        return minutes == 0 ? "UTC" : "UTC" + ExifTime.offsetText(minutes: minutes)
    }

    private static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// One line of a track, its times in `zone`: "Day 2 – Chianti · 19 Oct 2024, 10:00–11:30 CEST
    /// · 62 points · 6.7 km · 1 h 30 min"; without a zone, the line leaves the times out.
    public static func summary(_ track: Track, in zone: TimeZone?) -> String {
        var parts = [track.name]
        if let zone {
            if let start = track.startedAt, let end = track.endedAt {
                parts.append(timeRange(start, end, in: zone))
            } else {
                parts.append("no times")
            }
        }
        parts.append("\(track.pointCount) point\(track.pointCount == 1 ? "" : "s")")
        if track.pointCount > 1 { parts.append(distance(track.distance)) }
        if let duration = track.duration, duration > 0 { parts.append(self.duration(duration)) }
        return parts.joined(separator: " \u{B7} ")
    }
}
