/// One recorded position of a track: degrees, and when, in milliseconds since 1970 UTC (nil
/// for a point without a time: a planned route, a line drawn by hand).
public struct TrackPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var time: Int64?

    public init(latitude: Double, longitude: Double, time: Int64? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
    }

    /// The great-circle distance to another point, in metres (haversine, mean Earth radius).
    public func distance(to other: TrackPoint) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371_008.8 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

/// A named point of a track file (GPX `wpt`, a KML Point, a GeoJSON Point).
public struct TrackWaypoint: Sendable, Equatable {
    public var name: String
    public var point: TrackPoint

    public init(name: String, point: TrackPoint) {
        self.name = name
        self.point = point
    }
}

/// One track as a file holds it: its name and its segments (runs of points recorded without a
/// break), before it is stored.
public struct ParsedTrack: Sendable, Equatable {
    public var name: String
    public var segments: [[TrackPoint]]

    public init(name: String, segments: [[TrackPoint]]) {
        self.name = name
        self.segments = segments
    }

    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Metres along every segment (a break between segments is not travelled).
    public var distance: Double {
        segments.reduce(0) { total, segment in
            zip(segment, segment.dropFirst()).reduce(total) { $0 + $1.0.distance(to: $1.1) }
        }
    }

    /// The first and last time of its points, if they have times.
    public var timeRange: ClosedRange<Int64>? {
        let times = segments.lazy.flatMap { $0 }.compactMap(\.time)
        guard let first = times.min(), let last = times.max() else { return nil }
        return first...last
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
