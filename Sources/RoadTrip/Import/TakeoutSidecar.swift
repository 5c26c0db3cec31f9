import Foundation
import TextRules

/// What a Google Takeout sidecar (`IMG_1234.JPG.json`) says of its photo: the name it had, its
/// description, when it was taken (UTC), where (`geoData`, else `geoDataExif`) and whether it
/// was a favourite. Read with the bounded tokenizer of the track files: a sidecar is at most
/// `byteLimit` bytes, nested at most `JSONTokenizer.maximumDepth` deep, and what it does not
/// say is left nil — a sidecar never makes anything up.
public struct TakeoutSidecar: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// `photoTakenTime.timestamp`: seconds since 1970 in UTC.
    public var takenAt: Int64?
    public var latitude: Double?
    public var longitude: Double?
    public var favorited = false
    /// In the account's trash, or archived (out of the main view), when the Takeout was made.
    public var trashed = false
    public var archived = false

    /// Google's sidecars are a kilobyte or two; a larger one is refused unread.
    public static let byteLimit = 1 << 20
    /// A title or a description longer than this is cut.
    static let longestText = 5000
    /// 1 January 1900 to the end of 9999: a time outside is none.
    static let times: ClosedRange<Int64> = -2_208_988_800...253_402_300_799

    public init() {}

    public init(json bytes: [UInt8]) throws(TrackFileError) {
        guard bytes.count <= Self.byteLimit else {
            throw TrackFileError(reason: "a sidecar of \(bytes.count) bytes is more than the \(Self.byteLimit) read")
        }
        var tokens = JSONTokenizer(bytes)
        guard try tokens.next() == .beginObject else { throw tokens.failure("a sidecar is a JSON object") }
        var exif: (Double, Double)?
        var geo: (Double, Double)?
        while case .key(let name)? = try tokens.next() {
            switch try tokens.text(name) {
            case "title": title = try Self.text(tokens.nextValue(), in: tokens)
            case "description": description = try Self.text(tokens.nextValue(), in: tokens)
            case "photoTakenTime": takenAt = try Self.timestamp(&tokens)
            case "geoData": geo = try Self.position(&tokens)
            case "geoDataExif": exif = try Self.position(&tokens)
            case "favorited": favorited = try tokens.nextValue() == .bool(true)
            case "trashed": trashed = try tokens.nextValue() == .bool(true)
            case "archived": archived = try tokens.nextValue() == .bool(true)
            default: try tokens.skipValue()
            }
        }
        guard tokens.depth == 0, try tokens.next() == nil else { throw tokens.failure("a sidecar is one JSON object") }
        if let (latitude, longitude) = geo ?? exif {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    private static func text(_ token: JSONTokenizer.Token, in tokens: JSONTokenizer) throws(TrackFileError) -> String? {
        guard case .string(let string) = token else { return nil }
        // No control characters, no direction overrides (a name that shows backwards), as for every name from outside.
        let text = UnseenCharacters.removed(from: try tokens.text(string)).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : String(text.prefix(longestText))
    }

    /// `{"timestamp": "1560000000", "formatted": …}`: the seconds, as a string or a number.
    private static func timestamp(_ tokens: inout JSONTokenizer) throws(TrackFileError) -> Int64? {
        let token = try tokens.nextValue()
        guard token == .beginObject else { try tokens.skip(token); return nil }
        var seconds: Int64?
        while case .key(let name)? = try tokens.next() {
            let value = try tokens.nextValue()
            guard try tokens.text(name) == "timestamp" else { try tokens.skip(value); continue }
            switch value {
            case .string(let string): seconds = Int64(try tokens.text(string))
            case .number(let range): seconds = Int64(exactly: tokens.number(range).rounded(.towardZero))
            default: try tokens.skip(value)
            }
        }
        return seconds.flatMap { times.contains($0) ? $0 : nil }
    }

    /// `{"latitude": 48.85, "longitude": 2.35, …}`; 0,0 (Google's "none") or a position off the
    /// globe is none.
    private static func position(_ tokens: inout JSONTokenizer) throws(TrackFileError) -> (Double, Double)? {
        let token = try tokens.nextValue()
        guard token == .beginObject else { try tokens.skip(token); return nil }
        var latitude: Double?, longitude: Double?
        while case .key(let name)? = try tokens.next() {
            let value = try tokens.nextValue()
            guard case .number(let range) = value else { try tokens.skip(value); continue }
            switch try tokens.text(name) {
            case "latitude": latitude = tokens.number(range)
            case "longitude": longitude = tokens.number(range)
            default: break
            }
        }
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
            latitude != 0 || longitude != 0
        else { return nil }
        return (latitude, longitude)
    }
}
