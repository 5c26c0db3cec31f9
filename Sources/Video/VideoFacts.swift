import Foundation

/// What RoadTrip reads of a video: its streams, its size as shown, and when, where and with
/// what it was recorded, from `ffprobe`'s report.
public struct VideoFacts: Sendable, Equatable {
    /// Milliseconds.
    public var duration: Int64
    /// The frames' size as stored (before rotation).
    public var width: Int
    public var height: Int
    /// Degrees the player turns the picture (0, 90, 180 or 270), from the display matrix.
    public var rotation: Int
    public var videoCodec: String
    /// The first audio stream's codec; nil without sound.
    public var audioCodec: String?
    /// The local time it was recorded ("2024-06-01T10:05:00") and, when known, its offset from
    /// UTC in minutes: Apple's `creationdate` carries the zone; QuickTime's `creation_time` is
    /// UTC (offset 0).
    public var takenAt: String?
    public var takenOffset: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var cameraMake: String?
    public var cameraModel: String?
    /// Apple's `com.apple.quicktime.content.identifier`: the Live Photo it is the motion of.
    public var contentIdentifier: String?

    /// The size a player shows: turned a quarter, width and height swap.
    public var displayWidth: Int { rotation % 180 == 0 ? width : height }
    public var displayHeight: Int { rotation % 180 == 0 ? height : width }

    /// Whether its streams play in every browser as they are: H.264 (8-bit 4:2:0) with AAC or
    /// no sound, in an ISO base media file. Such a file is remuxed (`faststart`), not encoded again.
    public func playsAsItIs(in container: VideoContainer) -> Bool {
        container.isISOMedia && videoCodec == "h264" && isPlainPixelFormat && (audioCodec == nil || audioCodec == "aac")
    }

    var pixelFormat: String?
    var isPlainPixelFormat: Bool { pixelFormat == nil || pixelFormat == "yuv420p" || pixelFormat == "yuvj420p" }
}

/// Why a file is not a video RoadTrip can take.
public struct VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension VideoFacts {
    /// The largest frame side taken: 8K.
    public static let maximumSide = 8192
    /// The longest video taken: 12 hours.
    public static let maximumDuration: Int64 = 12 * 3600 * 1000

    /// Reads `ffprobe -print_format json -show_format -show_streams` output. Everything in it
    /// came from the file: each value is checked, and what is impossible is left out or refused.
    public init(probeReport bytes: [UInt8]) throws(VideoError) {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw VideoError("FFmpeg's report on it could not be read")
        }
        let streams = (root["streams"] as? [[String: Any]]) ?? []
        let format = (root["format"] as? [String: Any]) ?? [:]
        // The first video stream that is a moving picture (not a cover image).
        guard let video = streams.first(where: { ($0["codec_type"] as? String) == "video" && !Self.isAttachedPicture($0) }) else {
            throw VideoError("it holds no video")
        }
        guard let codec = video["codec_name"] as? String, !codec.isEmpty, codec.count <= 32 else {
            throw VideoError("its video is in a form FFmpeg does not know")
        }
        guard let width = Self.integer(video["width"]), let height = Self.integer(video["height"]),
            (2...Self.maximumSide).contains(width), (2...Self.maximumSide).contains(height)
        else {
            throw VideoError("its frames' size is impossible or larger than \(Self.maximumSide) pixels a side")
        }
        let seconds = Self.number(format["duration"]) ?? Self.number(video["duration"])
        guard let seconds, seconds > 0, seconds * 1000 <= Double(Self.maximumDuration) else {
            throw VideoError("its length is unknown or longer than 12 hours")
        }
        self.duration = max(1, Int64((seconds * 1000).rounded()))
        self.width = width
        self.height = height
        self.videoCodec = codec
        self.pixelFormat = (video["pix_fmt"] as? String).flatMap { $0.count <= 32 ? $0 : nil }
        self.audioCodec = streams.first(where: { ($0["codec_type"] as? String) == "audio" })?["codec_name"].flatMap { $0 as? String }
            .flatMap { $0.count <= 32 ? $0 : nil }
        self.rotation = Self.rotation(of: video)

        var tags: [String: String] = [:]
        for source in [video["tags"], format["tags"]] {
            for (key, value) in (source as? [String: Any]) ?? [:] {
                if let text = value as? String, text.utf8.count <= 256 { tags[key.lowercased()] = text }
            }
        }
        if let apple = tags["com.apple.quicktime.creationdate"].flatMap(Self.localTime) {
            (takenAt, takenOffset) = (apple.local, apple.offset)
        } else if let utc = tags["creation_time"].flatMap(Self.localTime), !utc.local.hasPrefix("1970-01-01"),
            !utc.local.hasPrefix("1904-01-01")
        {
            (takenAt, takenOffset) = (utc.local, utc.offset ?? 0)
        }
        let position = ["com.apple.quicktime.location.iso6709", "location", "location-eng", "©xyz"].lazy.compactMap {
            tags[$0].flatMap(ISO6709.parse)
        }.first
        latitude = position?.latitude
        longitude = position?.longitude
        cameraMake = Self.name(tags["com.apple.quicktime.make"] ?? tags["make"] ?? tags["com.android.manufacturer"])
        cameraModel = Self.name(tags["com.apple.quicktime.model"] ?? tags["model"] ?? tags["com.android.model"])
    }

    private static func isAttachedPicture(_ stream: [String: Any]) -> Bool {
        ((stream["disposition"] as? [String: Any])?["attached_pic"] as? Int) == 1
    }

    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let text = value as? String { return Int(text) }
        return nil
    }

    private static func number(_ value: Any?) -> Double? {
        let number: Double? = (value as? Double) ?? (value as? String).flatMap(Double.init) ?? (value as? Int).map(Double.init)
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The display matrix's rotation as a player turns the picture, clockwise, in quarters;
    /// older files' `rotate` tag otherwise.
    private static func rotation(of stream: [String: Any]) -> Int {
        var degrees: Double?
        for side in (stream["side_data_list"] as? [[String: Any]]) ?? [] {
            if let value = number(side["rotation"]) { degrees = -value }  // ffprobe's is counter-clockwise
        }
        if degrees == nil, let tag = (stream["tags"] as? [String: Any])?["rotate"] { degrees = number(tag) }
        guard let degrees, degrees.isFinite, abs(degrees) < 100_000 else { return 0 }
        let quarters = Int((degrees / 90).rounded())
        return ((quarters % 4) + 4) % 4 * 90
    }

    /// "2024-06-01T10:05:00+0200" → ("2024-06-01T10:05:00", 120); "2024-06-01T08:05:00.000000Z" →
    /// ("2024-06-01T08:05:00", 0); nil for anything else.
    static func localTime(_ text: String) -> (local: String, offset: Int?)? {
        let characters = Array(text.utf8)
        guard characters.count >= 19 else { return nil }
        let local = String(decoding: characters[0..<19], as: UTF8.self)
        let digits: [Int] = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digits.allSatisfy({ (0x30...0x39).contains(characters[$0]) }),
            characters[4] == 0x2D, characters[7] == 0x2D, characters[10] == 0x54 || characters[10] == 0x20,
            characters[13] == 0x3A, characters[16] == 0x3A
        else { return nil }
        let field = { (range: Range<Int>) in Int(String(decoding: characters[range], as: UTF8.self)) ?? -1 }
        guard (1900...2200).contains(field(0..<4)), (1...12).contains(field(5..<7)), (1...31).contains(field(8..<10)),
            (0...23).contains(field(11..<13)), (0...59).contains(field(14..<16)), (0...60).contains(field(17..<19))
        else { return nil }
        let normalized = local.replacingOccurrences(of: " ", with: "T")
        var rest = characters[19...].drop { $0 == 0x2E || (0x30...0x39).contains($0) }  // fractions of a second
        if rest.first == 0x5A { return (normalized, 0) }
        guard let sign = rest.first, sign == 0x2B || sign == 0x2D else { return (normalized, nil) }
        rest = rest.dropFirst()
        let zone = Array(rest.filter { $0 != 0x3A })
        guard zone.count == 4, zone.allSatisfy({ (0x30...0x39).contains($0) }),
            let hours = Int(String(decoding: zone[0..<2], as: UTF8.self)), let minutes = Int(String(decoding: zone[2..<4], as: UTF8.self)),
            hours <= 14, minutes < 60
        else { return (normalized, nil) }
        return (normalized, (sign == 0x2D ? -1 : 1) * (hours * 60 + minutes))
    }

    private static func name(_ text: String?) -> String? {
        guard let text else { return nil }
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            .trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? nil : String(clean.prefix(64))
    }
}
