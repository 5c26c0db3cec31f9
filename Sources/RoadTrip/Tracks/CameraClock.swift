import Foundation
import Imaging

/// A camera, as photos name it: its make and model (either may be missing).
public struct CameraKey: Sendable, Hashable, Comparable {
    public let make: String?
    public let model: String?

    public init(make: String?, model: String?) {
        self.make = make
        self.model = model
    }

    /// "Canon EOS R5", or "Unknown camera" for photos that do not say.
    public var name: String {
        switch (make, model) {
        case let (make?, model?): model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        case let (make?, nil): make
        case let (nil, model?): model
        case (nil, nil): "Unknown camera"
        }
    }

    /// The name cut to at most this many code points, "…" last where cut: make and model are EXIF
    /// text of any length, and a character may hold any number of code points.
    public func name(atMost limit: Int) -> String {
        let name = self.name
        guard name.unicodeScalars.count > limit else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.prefix(max(1, limit) - 1))) + "…"
    }

    /// The longest name a screen says in a sentence.
    public static let longestShownName = 80

    public static func < (left: CameraKey, right: CameraKey) -> Bool { left.name < right.name }
}

/// How a camera's clock relates to UTC, for its photos that do not say (EXIF's DateTimeOriginal
/// has no zone): a fixed offset, or a zone whose offset follows its daylight-saving rules.
public enum CameraClock: Sendable, Hashable {
    /// The clock shows UTC plus this many minutes.
    case offset(minutes: Int)
    /// The clock follows this zone (an IANA name, "Europe/Rome").
    case zone(String)

    /// The largest offset a clock may be given: a day either way (a camera's clock may be wrong
    /// by more than any zone).
    public static let largestOffset = 24 * 60

    /// Seconds since 1970 UTC of a local time this clock shows ("2024-10-19T10:15:00"); nil for a
    /// time that is no date or a zone Foundation does not know.
    public func instant(of localTime: String) -> Int64? {
        guard let clock = ExifTime.clockSeconds(localTime) else { return nil }
        switch self {
        case .offset(let minutes):
            return clock - Int64(minutes) * 60
        case .zone(let identifier):
            guard let zone = TimeZone(identifier: identifier) else { return nil }
            // The instants whose local time it is, under the offsets the zone has around then: one
            // usually, two in the hour a change repeats (the earlier is taken), none in the hour a
            // change skips (then the offset from before the change is used, as a camera would).
            func offset(at instant: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))) }
            let around = Set([offset(at: clock - 86_400), offset(at: clock), offset(at: clock + 86_400)])
            let fitting = around.map { clock - $0 }.filter { $0 + offset(at: $0) == clock }
            return fitting.min() ?? clock - offset(at: clock - 86_400)
        }
    }

    /// "UTC+02:00", "UTC−03:30", or the zone's name.
    public var description: String {
        switch self {
        case .offset(let minutes):
            minutes == 0 ? "UTC" : "UTC" + ExifTime.offsetText(minutes: minutes).replacingOccurrences(of: "-", with: "\u{2212}")
        case .zone(let identifier): identifier.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// A clock as a form sends it: "+120" or "-210" minutes, or a zone's name; nil for anything else.
    /// A zone's name is taken as typed, spaces around and letter case aside ("europe/zagreb"
    /// is Europe/Zagreb); an offset as minutes ("+120").
    public init?(formValue: String) {
        let text = formValue.trimmingCharacters(in: .whitespaces)
        // `magnitude`, not `abs`: the abs of the smallest Int traps, and a form may send it.
        if let minutes = Int(text), minutes.magnitude <= UInt(Self.largestOffset) {
            self = .offset(minutes: minutes)
        } else if text.count <= 64, text.contains("/") || text.uppercased() == "UTC", let zone = Self.zone(named: text) {
            self = .zone(zone)
        } else {
            return nil
        }
    }

    /// The known zone of that name, letter case aside.
    static func zone(named name: String) -> String? {
        if TimeZone(identifier: name) != nil { return name }
        let folded = name.lowercased()
        return TimeZone.knownTimeZoneIdentifiers.first { $0.lowercased() == folded }
    }

    public var formValue: String {
        switch self {
        case .offset(let minutes): minutes >= 0 ? "+\(minutes)" : "\(minutes)"
        case .zone(let identifier): identifier
        }
    }
}
