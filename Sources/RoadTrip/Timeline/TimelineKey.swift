/// Where a page of the timeline starts or ends: a photo's place in the timeline's order, its
/// `taken_at` and its id, written `2008-10-18T12:00:00_1234` in an address. A page reads the
/// photos before (older) or after (newer) it by keyset, so a photo imported meanwhile moves no
/// page's photos onto another: nothing is shown twice and nothing is skipped.
public struct TimelineKey: Sendable, Hashable, CustomStringConvertible {
    /// The photo's local date and time, "YYYY-MM-DDTHH:MM:SS".
    public let takenAt: String
    public let id: Int64

    public init?(takenAt: String, id: Int64) {
        guard id > 0, TimelineKey.isTime(takenAt) else { return nil }
        (self.takenAt, self.id) = (takenAt, id)
    }

    /// The key an address carries; nil when it is not one.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int64(parts[1]), String(id) == parts[1] else { return nil }
        self.init(takenAt: String(parts[0]), id: id)
    }

    public var description: String { "\(takenAt)_\(id)" }

    public var day: CalendarDay? { CalendarDay(takenAt) }

    /// "YYYY-MM-DDTHH:MM:SS" of a real date and time of day, as import writes `taken_at`.
    static func isTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, CalendarDay(text) != nil, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            let hours = CalendarDay.number(bytes[11...12]), let minutes = CalendarDay.number(bytes[14...15]),
            let seconds = CalendarDay.number(bytes[17...18])
        else { return false }
        return hours < 24 && minutes < 60 && seconds < 61
    }
}

/// Where a page of the timeline starts.
public enum TimelineStart: Sendable, Hashable {
    /// The newest photos.
    case newest
    /// The newest photos of a month or a day (or older ones, when it has none).
    case period(TimelinePeriod)
    /// The photos just older than a key: the next page down.
    case before(TimelineKey)
    /// The photos just newer than a key: the page before, read upwards.
    case after(TimelineKey)
}
