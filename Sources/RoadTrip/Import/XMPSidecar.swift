import Foundation
import Imaging
import TextRules

/// What an XMP sidecar (`IMG_1234.xmp`, `IMG_1234.JPG.xmp`, as Lightroom, darktable, digiKam and
/// Apple Photos write them) says of its photo: its description (`dc:description`), its title
/// (`dc:title`), its keywords (`dc:subject`, and the last level of each `lr:hierarchicalSubject`),
/// when it was taken (`photoshop:DateCreated`, else `exif:DateTimeOriginal`, else
/// `xmp:CreateDate`: a clock's reading, with its offset when written), where (`exif:GPSLatitude`
/// and `exif:GPSLongitude`) and its rating (`xmp:Rating`). Properties are read whether written as
/// attributes of `rdf:Description` or as elements. Read with the strict XML reader of track files:
/// no document type, no entities, at most `byteLimit` bytes and `TrackXMLReader.maximumDepth`
/// deep; what it does not say, or says impossibly, is left nil.
public struct XMPSidecar: Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var keywords: [String] = []
    /// "2019-06-08T11:33:20", the clock's reading where it was taken, and its offset east of UTC
    /// in minutes when the sidecar gives one.
    public var takenAt: String?
    public var takenOffset: Int?
    public var latitude: Double?
    public var longitude: Double?
    /// 0 to 5 stars; -1 is rejected (Lightroom's).
    public var rating: Int?

    /// Sidecars are a few kilobytes; Lightroom's with its develop settings tens. A larger one is refused unread.
    public static let byteLimit = 1 << 20
    static let longestText = 5000

    public init() {}

    /// Reads the sidecar at `path`, never more than `byteLimit` bytes of it.
    public init(contentsOf path: String) throws(TrackFileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw TrackFileError(reason: "it cannot be read") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.byteLimit + 1) else { throw TrackFileError(reason: "it cannot be read") }
        guard data.count <= Self.byteLimit else {
            throw TrackFileError(reason: "it is larger than the \(Self.byteLimit >> 20) MiB an XMP sidecar may be")
        }
        try self.init(xml: [UInt8](data))
    }

    public init(xml bytes: [UInt8]) throws(TrackFileError) {
        guard bytes.count <= Self.byteLimit else {
            throw TrackFileError(reason: "an XMP sidecar of \(bytes.count) bytes is more than the \(Self.byteLimit) read")
        }
        var reader = try TrackXMLReader(bytes, maximumAttributes: 512)
        var dates: [String: String] = [:]
        var gps: [String: String] = [:]
        var hierarchical: [String] = []
        /// The property being read (its element's local name) and the text of its current value.
        var property: String?
        var text = ""
        var depth = 0
        var propertyDepth = 0
        func take(_ name: String, _ value: String) {
            let value = Self.cleaned(value)
            switch name {
            case "DateCreated", "DateTimeOriginal", "CreateDate": if dates[name] == nil { dates[name] = value }
            case "GPSLatitude", "GPSLongitude": gps[name] = value
            case "Rating": rating = Int(value).flatMap { (-1...5).contains($0) ? $0 : nil }
            case "description": if description == nil, !value.isEmpty { description = String(value.prefix(Self.longestText)) }
            case "title": if title == nil, !value.isEmpty { title = String(value.prefix(Self.longestText)) }
            case "subject": if keywords.count < 200, !value.isEmpty { keywords.append(value) }
            case "hierarchicalSubject":
                if hierarchical.count < 200, let leaf = value.split(separator: "|").last { hierarchical.append(String(leaf)) }
            default: break
            }
        }
        while let event = try reader.next() {
            switch event {
            case .start(let name, let attributes):
                depth += 1
                if name == "Description" {
                    for (attribute, value) in attributes { take(attribute, value) }
                } else if property == nil, Self.properties.contains(name) {
                    (property, propertyDepth, text) = (name, depth, "")
                } else if name == "li" {
                    text = ""
                }
            case .text(let chunk):
                if property != nil, text.utf8.count < Self.longestText * 4 { text += chunk }
            case .end(let name):
                if let open = property {
                    // A value is a property's own text, or each `rdf:li` of its Alt, Bag or Seq.
                    if name == "li" { take(open, text); text = "" }
                    if depth == propertyDepth {
                        if !text.isEmpty { take(open, text) }
                        property = nil
                    }
                }
                depth -= 1
            }
        }
        keywords = PhotoKeywords.parsed((keywords + hierarchical).joined(separator: ";"))
        if let date = dates["DateCreated"] ?? dates["DateTimeOriginal"] ?? dates["CreateDate"], let (clock, offset) = Self.clock(date) {
            (takenAt, takenOffset) = (clock, offset)
        }
        if let north = gps["GPSLatitude"].flatMap({ Self.degrees($0, positive: "N", negative: "S", limit: 90) }),
            let east = gps["GPSLongitude"].flatMap({ Self.degrees($0, positive: "E", negative: "W", limit: 180) })
        {
            (latitude, longitude) = (north, east)
        }
    }

    private static let properties: Set<String> = [
        "DateCreated", "DateTimeOriginal", "CreateDate", "GPSLatitude", "GPSLongitude", "Rating", "description", "title", "subject",
        "hierarchicalSubject",
    ]

    private static func cleaned(_ text: String) -> String {
        UnseenCharacters.removed(from: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// "2019-06-08T11:33:20+01:00", "2019-06-08T11:33:20.5Z", "2019-06-08T11:33", "2019-06-08":
    /// the clock's reading to the second and its offset (nil when none is written). A date
    /// alone is noon's; a date that is no real day, none.
    public static func clock(_ text: String) -> (String, Int?)? {
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count, range.allSatisfy({ (0x30...0x39).contains(characters[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(characters[$1] - 0x30) }
        }
        guard characters.count >= 10, let year = number(0..<4), characters[4] == 0x2D, let month = number(5..<7), characters[7] == 0x2D,
            let day = number(8..<10), (1900...9999).contains(year), (1...12).contains(month),
            day >= 1,
            ExifTime.civilDate(daysSince1970: ExifTime.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
                == (Int64(year), Int64(month), Int64(day))
        else { return nil }
        var (hour, minute, second) = (12, 0, 0)
        var rest = characters.count > 10 ? Array(characters[10...]) : []
        if let first = rest.first, first == 0x54 {
            let time = Array(rest.dropFirst())
            func part(_ at: Int) -> Int? {
                guard at + 2 <= time.count, (0x30...0x39).contains(time[at]), (0x30...0x39).contains(time[at + 1]) else { return nil }
                return Int(time[at] - 0x30) * 10 + Int(time[at + 1] - 0x30)
            }
            guard let h = part(0), time.count > 2, time[2] == 0x3A, let m = part(3), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            var used = 5
            if time.count > 5, time[5] == 0x3A, let s = part(6), s < 60 { (second, used) = (s, 8) }
            // Fractions of a second are dropped.
            if used < time.count, time[used] == 0x2E {
                used += 1; while used < time.count, (0x30...0x39).contains(time[used]) { used += 1 }
            }
            rest = Array(time[used...])
        } else if !rest.isEmpty {
            return nil
        }
        var offset: Int?
        if rest == [0x5A] {
            offset = 0
        } else if let minutes = ExifTime.offsetMinutes(String(decoding: rest, as: UTF8.self)) {
            offset = minutes
        } else if !rest.isEmpty {
            return nil
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return ("\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))", offset)
    }

    /// XMP's GPS coordinate, "38,42.426N" (degrees, decimal minutes) or "38,42,25.56N" (degrees,
    /// minutes, seconds), its hemisphere last; nil when it is not one or is past `limit`.
    static func degrees(_ text: String, positive: Character, negative: Character, limit: Double) -> Double? {
        guard let hemisphere = text.last?.uppercased().first, hemisphere == positive || hemisphere == negative else { return nil }
        let parts = text.dropLast().split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else { return nil }
        let values = parts.compactMap { $0 }
        guard values[1] < 60, values.count < 3 || values[2] < 60 else { return nil }
        let value = values[0] + values[1] / 60 + (values.count == 3 ? values[2] / 3600 : 0)
        guard value <= limit else { return nil }
        return hemisphere == negative ? -value : value
    }
}
