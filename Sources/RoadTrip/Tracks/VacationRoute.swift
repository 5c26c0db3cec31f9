import Imaging
import SQLDatabase

/// The tracks of a vacation: those whose times overlap its photos' dates, drawn under its
/// itinerary, with the distance they cover and the days they span.
public struct VacationRoute: Sendable, Equatable {
    public let tracks: [Track]

    public var distance: Double { tracks.reduce(0) { $0 + $1.distance } }

    /// Calendar days (UTC) from the first track's start to the last one's end.
    public var days: Int {
        guard let start = tracks.compactMap(\.startedAt).min(), let end = tracks.compactMap(\.endedAt).max() else { return 0 }
        return Int((Self.day(end) - Self.day(start)) + 1)
    }

    private static func day(_ milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds + 1) / 86_400_000 - 1
    }
}

extension TrackStore {
    /// A photo's camera time is local without a zone: a track counts when it overlaps the
    /// vacation's first to last photo widened by half a day either side (no zone is further).
    static let routeMargin: Int64 = 14 * 3600 * 1000

    public func route(ofVacation id: Int64) throws -> VacationRoute {
        let row = try database.fetchOne(
            "SELECT min(taken_at) AS first, max(taken_at) AS last FROM vacation_photos WHERE vacation_id = \(id)")
        let first: String? = try row?["first"], last: String? = try row?["last"]
        guard let start = first.flatMap(ExifTime.clockSeconds), let end = last.flatMap(ExifTime.clockSeconds) else {
            return VacationRoute(tracks: [])
        }
        return VacationRoute(tracks: try tracks(during: (start * 1000 - Self.routeMargin)...(end * 1000 + Self.routeMargin)))
    }

    /// The vacation as GPX 1.1: its photos with a position as waypoints (named by their titles,
    /// timed in UTC where the library knows the photo's zone or GPS time, never with a link) and
    /// its route's tracks. `created` in milliseconds.
    public func gpx(ofVacation id: Int64, name: String, created: Int64) throws -> String {
        let waypoints = try database.fetchAll(
            """
            SELECT vacation_photos.title, vacation_photos.latitude, vacation_photos.longitude, vacation_photos.taken_at,
                photos.taken_offset, photos.gps_at
            FROM vacation_photos LEFT JOIN photos ON photos.sha256 = vacation_photos.sha256
            WHERE vacation_photos.vacation_id = \(id) AND vacation_photos.latitude IS NOT NULL AND vacation_photos.longitude IS NOT NULL
            ORDER BY vacation_photos.sorted_at, vacation_photos.id
            """
        ) { row -> GPXWriter.Waypoint in
            let takenAt: String? = try row["taken_at"]
            let offset = ExifTime.plausibleOffset(try row["taken_offset"]), gps = ExifTime.plausibleInstant(try row["gps_at"])
            let instant = gps ?? takenAt.flatMap(ExifTime.clockSeconds).flatMap { clock in offset.map { clock - Int64($0) * 60 } }
            return GPXWriter.Waypoint(
                name: try row["title"], latitude: try row["latitude"], longitude: try row["longitude"], time: instant.map { $0 * 1000 },
                description: instant == nil ? takenAt.map { "Taken \($0.replacingOccurrences(of: "T", with: " ")) (camera time)" } : nil)
        }
        let tracks = try route(ofVacation: id).tracks.map { GPXWriter.Track(name: $0.name, segments: try points(of: $0.id)) }
        return GPXWriter.document(name: name, created: created, waypoints: waypoints, tracks: tracks)
    }
}

/// Writes GPX 1.1, valid against Topografix's schema: waypoints, then tracks; coordinates
/// within the schema's ranges (a longitude of 180 is written -180), times in UTC, text escaped.
public enum GPXWriter {
    public struct Waypoint: Sendable {
        public let name: String
        public let latitude: Double
        public let longitude: Double
        public let time: Int64?
        public let description: String?
    }

    public struct Track: Sendable {
        public let name: String
        public let segments: [[TrackPoint]]
    }

    public static func document(name: String, created: Int64, waypoints: [Waypoint], tracks: [Track]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="RoadTrip" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 \
            http://www.topografix.com/GPX/1/1/gpx.xsd">
            <metadata><name>\(escaped(name))</name><time>\(TrackTime.text(created))</time></metadata>

            """
        for waypoint in waypoints {
            text += "<wpt \(position(waypoint.latitude, waypoint.longitude))>"
            if let time = waypoint.time { text += "<time>\(TrackTime.text(time))</time>" }
            text += "<name>\(escaped(waypoint.name))</name>"
            if let description = waypoint.description { text += "<desc>\(escaped(description))</desc>" }
            text += "<type>photo</type></wpt>\n"
        }
        for track in tracks {
            text += "<trk><name>\(escaped(track.name))</name>\n"
            for segment in track.segments where !segment.isEmpty {
                text += "<trkseg>\n"
                for point in segment {
                    text +=
                        "<trkpt \(position(point.latitude, point.longitude))>"
                        + (point.time.map { "<time>\(TrackTime.text($0))</time>" } ?? "") + "</trkpt>\n"
                }
                text += "</trkseg>\n"
            }
            text += "</trk>\n"
        }
        return text + "</gpx>\n"
    }

    private static func position(_ latitude: Double, _ longitude: Double) -> String {
        let latitude = max(-90, min(90, latitude.isFinite ? latitude : 0))
        var longitude = longitude.isFinite ? longitude : 0
        if longitude >= 180 { longitude -= 360 }
        longitude = max(-180, longitude)
        return "lat=\"\(decimal(latitude))\" lon=\"\(decimal(longitude))\""
    }

    /// Seven decimals (about a centimetre, as the points are stored), never an exponent.
    private static func decimal(_ value: Double) -> String {
        guard let scaled = Int64(exactly: (abs(value) * 10_000_000).rounded()) else { return "0" }
        let fraction = String(scaled % 10_000_000)
        return (value < 0 && scaled != 0 ? "-" : "") + String(scaled / 10_000_000) + "." + String(repeating: "0", count: 7 - fraction.count)
            + fraction
    }

    /// Text as XML writes it; control characters XML 1.0 cannot hold are dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
