import Foundation

/// Google's location history, in each of the forms it has come in: the older Takeout's
/// `Records.json` (`locations`, each with `latitudeE7`, `longitudeE7` and `timestamp` or
/// `timestampMs`), the Semantic Location History's months (`timelineObjects`, whose raw paths'
/// points have `latE7`, `lngE7` and `timestamp`), and the newer on-device Timeline export
/// (`semanticSegments` whose `timelinePath` points are `"point": "38.7071°, -9.1355°"` with a
/// `time`, and `rawSignals` whose `position` has `LatLng` and `timestamp`). Whatever the form, a
/// point is an object that holds a position and a time: the reader walks every object with the
/// bounded tokenizer of track files, so the structure around them may change without the reader
/// noticing. The points become tracks, one a UTC day, that place photos like any track.
public enum LocationHistory {
    /// A history is read whole: 256 MiB (some 3 million points of Records.json) at most.
    public static let maximumBytes = 256 << 20
    /// Points of one file at most.
    public static let maximumPoints = 5_000_000
    /// A gap longer than this within a day starts a new segment of its track.
    static let gap: Int64 = 60 * 60 * 1000

    /// The bytes of the file at `path`, its size checked before they are read.
    public static func bytes(ofFileAt path: String) throws(TrackFileError) -> [UInt8] {
        guard let size = DurableFile.size(of: path) else { throw TrackFileError(reason: "no such file, or it cannot be read") }
        guard size <= maximumBytes else {
            throw TrackFileError(reason: "is \(size >> 20) MiB; a location history is read up to \(maximumBytes >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= maximumBytes else {
            throw TrackFileError(reason: "cannot be read")
        }
        return [UInt8](data)
    }

    /// The points of `bytes`, in time order (a point repeated at the same time once).
    public static func points(_ bytes: [UInt8]) throws(TrackFileError) -> [TrackPoint] {
        do {
            return try readPoints(bytes)
        } catch {
            // The tokenizer speaks of the track files it was written for.
            var error = error
            error.reason = error.reason.replacingOccurrences(of: "is not valid GeoJSON", with: "is not valid JSON")
            throw error
        }
    }

    private static func readPoints(_ bytes: [UInt8]) throws(TrackFileError) -> [TrackPoint] {
        var tokens = JSONTokenizer(bytes)
        /// What the objects being read have said so far, innermost last.
        var open: [Partial] = []
        var points: [TrackPoint] = []
        var key: String?
        while let token = try tokens.next() {
            switch token {
            case .beginObject:
                open.append(Partial())
                key = nil
            case .endObject:
                if let partial = open.popLast(), let point = partial.point {
                    guard points.count < maximumPoints else { throw TrackFileError(reason: "holds more than \(maximumPoints) points") }
                    points.append(point)
                }
            case .key(let name):
                key = try tokens.text(name)
            case .string(let string):
                if let name = key, !open.isEmpty, Partial.textKeys.contains(name) {
                    open[open.count - 1].take(name, text: try tokens.text(string))
                }
                key = nil
            case .number(let range):
                if let name = key, !open.isEmpty, Partial.numberKeys.contains(name) {
                    open[open.count - 1].take(name, number: tokens.number(range))
                }
                key = nil
            case .beginArray, .endArray, .bool, .null:
                key = nil
            }
        }
        points.sort { ($0.time ?? 0) < ($1.time ?? 0) }
        var unique: [TrackPoint] = []
        unique.reserveCapacity(points.count)
        for point in points
        where unique.last.map({ $0.time != point.time || $0.latitude != point.latitude || $0.longitude != point.longitude }) ?? true {
            unique.append(point)
        }
        return unique
    }

    /// The points as tracks, one a UTC day ("Location history, 8 Jun 2019"), a segment broken
    /// where the history has a gap of over an hour.
    public static func days(_ points: [TrackPoint]) -> [ParsedTrack] {
        var tracks: [ParsedTrack] = []
        var day: Int64?
        for point in points {
            guard let time = point.time else { continue }
            let today = time >= 0 ? time / 86_400_000 : (time - 86_399_999) / 86_400_000
            if today != day {
                day = today
                tracks.append(ParsedTrack(name: "Location history, " + TrackText.dayAndTime(time).0, segments: [[point]]))
                continue
            }
            if let last = tracks[tracks.count - 1].segments.last?.last?.time, time - last > gap {
                tracks[tracks.count - 1].segments.append([point])
            } else {
                tracks[tracks.count - 1].segments[tracks[tracks.count - 1].segments.count - 1].append(point)
            }
        }
        return tracks
    }

    /// What one object has said: a position in any of the forms, and a time.
    private struct Partial {
        static let textKeys: Set<String> = ["timestamp", "timestampMs", "time", "point", "LatLng", "latLng"]
        static let numberKeys: Set<String> = ["latitudeE7", "longitudeE7", "latE7", "lngE7", "timestampMs"]

        var latitude: Double?
        var longitude: Double?
        var time: Int64?

        mutating func take(_ key: String, number: Double) {
            switch key {
            case "latitudeE7", "latE7": latitude = number / 1e7
            case "longitudeE7", "lngE7": longitude = number / 1e7
            case "timestampMs" where number.isFinite && abs(number) < 1e15: time = Int64(number)
            default: break
            }
        }

        mutating func take(_ key: String, text: String) {
            switch key {
            case "timestamp", "time": time = TrackTime.milliseconds(text)
            case "timestampMs": time = Int64(text)
            case "point", "LatLng", "latLng":
                // "38.7071°, -9.1355°" (or "geo:38.7071,-9.1355")
                let numbers = text.replacingOccurrences(of: "geo:", with: "").replacingOccurrences(of: "°", with: "")
                    .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                if numbers.count == 2, let north = numbers[0], let east = numbers[1] { (latitude, longitude) = (north, east) }
            default: break
            }
        }

        /// A point on Earth at a plausible time, or nil.
        var point: TrackPoint? {
            guard let latitude, let longitude, let time = TrackTime.plausible(time), abs(latitude) <= 90, abs(longitude) <= 180,
                latitude != 0 || longitude != 0
            else { return nil }
            return TrackPoint(latitude: latitude, longitude: longitude, time: time)
        }
    }
}
