import Foundation
import TextRules

/// A track file as read: its format, its tracks and its named points. Reading checks every
/// coordinate and time and bounds what a file may hold, so a hostile file is refused with the
/// reason (or, for names, cut) before anything is stored.
public struct TrackFile: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case gpx, kml, geojson

        /// The extensions an upload or an import recognises as track files.
        public static func of(fileName: String) -> Format? {
            switch fileName.split(separator: ".").last?.lowercased() {
            case "gpx": .gpx
            case "kml": .kml
            case "geojson": .geojson
            default: nil
            }
        }
    }

    public var format: Format
    public var tracks: [ParsedTrack]
    public var waypoints: [TrackWaypoint]

    /// A file larger than this is refused before it is read.
    public static let maximumBytes = 64 << 20
    /// Points of all its tracks: a day at one point a second is 86,400.
    public static let maximumPoints = 500_000
    public static let maximumTracks = 1000
    public static let maximumWaypoints = 10_000
    public static let maximumNameLength = 200

    /// Reads a GPX, KML or GeoJSON file, recognised by its content (the name only names it in
    /// messages). The bytes are copied once into an array; `read(bytes:fileName:)` reads them where they are.
    public static func read(_ data: Data, fileName: String? = nil) throws(TrackFileError) -> TrackFile {
        guard data.count <= maximumBytes else { throw tooLarge(data.count, fileName: fileName) }
        return try read(bytes: [UInt8](data), fileName: fileName)
    }

    /// Reads a GPX, KML or GeoJSON file from its bytes, recognised by their content.
    ///
    /// Memory: every reader streams, counting each point as it reads it and refusing the
    /// 500,001st there, so what it holds beyond the file depends on what it keeps, not on the
    /// file's size. The bound: besides `bytes`, at most one copy of the file's text (a long text,
    /// a KML `<coordinates>` or a name, is decoded once) and `bytesPerPoint` (256) for each point
    /// kept, reading and storing; `memoryNeeded(forFileOf:)` reserves it of the decode budget.
    /// Measured (bench/tracks, release build, peak resident memory less a one-point import's):
    /// a 66 MB GeoJSON of 11 million positions is refused in 0.3 s holding 14 MiB beyond its
    /// bytes, as a GPX of 500,001 points is (it was 26 s and 1.86 GB read whole); a 62 MB KML
    /// line in 0.7 s, 75 MiB beyond its bytes, its text's copy included (was 7.9 s and 720 MB).
    /// 500,000 timed points read and stored take 37–38 MiB beyond the file in each format:
    /// about 80 bytes a point.
    public static func read(bytes: [UInt8], fileName: String? = nil) throws(TrackFileError) -> TrackFile {
        do throws(TrackFileError) {
            guard bytes.count <= maximumBytes else { throw tooLarge(bytes.count, fileName: nil) }
            if [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]].contains(where: bytes.starts(with:)) {
                throw TrackFileError(reason: "is UTF-16 text; save it as UTF-8")
            }
            let first = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
            var file: TrackFile
            switch first {
            case UInt8(ascii: "{"): file = try readGeoJSON(bytes)
            case UInt8(ascii: "<"): file = try readXML(bytes)
            default: throw TrackFileError(reason: "is not a GPX, KML or GeoJSON file")
            }
            guard !file.tracks.isEmpty || !file.waypoints.isEmpty else {
                throw TrackFileError(reason: "holds no track, route or point")
            }
            file.tracks = file.tracks.map(sortedByTime)
            return file
        } catch {
            var error = error
            error.fileName = fileName
            throw error
        }
    }

    static func tooLarge(_ size: Int, fileName: String?) -> TrackFileError {
        TrackFileError(
            fileName: fileName,
            reason: "is \(ByteCount.text(Int64(size))); a track file may be at most \(ByteCount.text(Int64(maximumBytes)))")
    }

    private static func readXML(_ bytes: [UInt8]) throws(TrackFileError) -> TrackFile {
        var reader = try TrackXMLReader(bytes)
        guard case .start(let root, let attributes)? = try reader.next() else { throw TrackFileError(reason: "holds no XML element") }
        switch root {
        case "gpx": return try readGPX(&reader, attributes: attributes)
        case "kml": return try readKML(&reader)
        default: throw TrackFileError(line: reader.line, reason: "is <\(root.prefix(40))>, neither GPX nor KML")
        }
    }

    /// Receivers record points out of order now and then; placing by time needs them in order.
    /// A segment whose points do not all have a time keeps the order it was written in.
    private static func sortedByTime(_ track: ParsedTrack) -> ParsedTrack {
        var track = track
        track.segments = track.segments.map { segment in
            guard segment.allSatisfy({ $0.time != nil }),
                zip(segment, segment.dropFirst()).contains(where: { ($0.time ?? 0) > ($1.time ?? 0) })
            else { return segment }
            return segment.enumerated().sorted { ($0.element.time ?? 0, $0.offset) < ($1.element.time ?? 0, $1.offset) }.map(\.element)
        }
        return track
    }

    /// A time as track files write it (`TrackTime`); nil for a text longer than any time is
    /// written, whitespace around it and all, which is not copied to be read.
    static func instant(_ text: String, dayAlone: Bool = false) -> Int64? {
        text.utf8.count <= 4096 ? TrackTime.milliseconds(text, dayAlone: dayAlone) : nil
    }

    /// A name as a file gives it: line ends and tabs made spaces, other control characters and
    /// direction overrides dropped, runs of spaces made one, at most `maximumNameLength` characters; nil when nothing is left.
    /// Read one scalar at a time and no further than the name kept needs (a few scalars a
    /// character), so a name of 60 MB costs no more than one of 200 characters.
    static func cleanName(_ raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var spaceBefore = false
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace {
                spaceBefore = !scalars.isEmpty
                continue
            }
            guard scalar.properties.generalCategory != .control, !DirectionOverrides.isOverride(scalar) else { continue }
            if spaceBefore { scalars.append(" ") }
            spaceBefore = false
            scalars.append(scalar)
            if scalars.count > 8 * maximumNameLength { break }
        }
        let name = String(String(scalars).prefix(maximumNameLength))
        return name.isEmpty ? nil : name
    }
}

/// Gathers a file's points as a reader finds them, checking each and counting them all.
struct TrackFileBuilder {
    private(set) var tracks: [ParsedTrack] = []
    private(set) var waypoints: [TrackWaypoint] = []
    private var points = 0

    /// A position on Earth, or the reason it is not: `what` names it in the message.
    static func point(
        latitude: Double?, longitude: Double?, time: Int64?, what: @autoclosure () -> String,
        line: Int?
    ) throws(TrackFileError) -> TrackPoint {
        guard let latitude, let longitude else { throw TrackFileError(line: line, reason: "\(what()) has no latitude and longitude") }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw TrackFileError(line: line, reason: "\(what()) has latitude \(shown(latitude)), which is not on Earth")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw TrackFileError(line: line, reason: "\(what()) has longitude \(shown(longitude)), which is not on Earth")
        }
        return TrackPoint(latitude: latitude, longitude: longitude, time: time)
    }

    private static func shown(_ value: Double) -> String {
        let text = "\(value)"
        return text.count <= 24 ? text : String(text.prefix(24)) + "…"
    }

    mutating func add(_ track: ParsedTrack, line: Int?) throws(TrackFileError) {
        guard track.pointCount > 0 else { return }
        guard tracks.count < TrackFile.maximumTracks else {
            throw TrackFileError(line: line, reason: "holds more than \(TrackFile.maximumTracks) tracks; split it into several files")
        }
        tracks.append(track)
    }

    /// Counts a point as it is read, so that a file of ten million is refused at its 500,001st.
    mutating func count(line: Int?) throws(TrackFileError) {
        points += 1
        guard points <= TrackFile.maximumPoints else {
            throw TrackFileError(
                line: line, reason: "holds more than \(TrackFile.maximumPoints.formatted()) points; split it into several files")
        }
    }

    /// Drops the tracks and named points gathered so far (their points stay counted): a GeoJSON
    /// document's features, once its `type`, come after them, says it is not a FeatureCollection.
    mutating func forgetKept() {
        tracks = []
        waypoints = []
    }

    mutating func add(_ waypoint: TrackWaypoint, line: Int?) throws(TrackFileError) {
        guard waypoints.count < TrackFile.maximumWaypoints else {
            throw TrackFileError(line: line, reason: "holds more than \(TrackFile.maximumWaypoints.formatted()) named points")
        }
        waypoints.append(waypoint)
    }

    func file(_ format: TrackFile.Format) -> TrackFile {
        TrackFile(format: format, tracks: tracks, waypoints: waypoints)
    }
}
