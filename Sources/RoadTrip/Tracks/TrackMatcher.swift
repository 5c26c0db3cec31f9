/// Where a track was at an instant: between two points, interpolated; on one, that point; in a
/// gap between two points further apart than the tolerance, or outside its times, nowhere.
struct TrackMatcher {
    /// A track's timed points, in time order, across its segments (a break between segments is
    /// a gap like any other: crossed when short enough).
    struct TimedTrack {
        let id: Int64
        let name: String
        let points: [TrackPoint]
        let times: [Int64]

        init(id: Int64, name: String, segments: [[TrackPoint]]) {
            let timed = segments.flatMap { $0 }.filter { $0.time != nil }.sorted { ($0.time ?? 0) < ($1.time ?? 0) }
            (self.id, self.name, self.points, self.times) = (id, name, timed, timed.map { $0.time ?? 0 })
        }
    }

    enum Match: Equatable {
        case placed(latitude: Double, longitude: Double, track: Int64, name: String)
        /// The instant falls between two points this far apart (milliseconds).
        case gap(Int64)
        case outside
    }

    let tracks: [TimedTrack]
    /// Milliseconds two points may be apart and still be joined.
    let tolerance: Int64

    /// The match of the track that knows the instant best: on a point, or between the closest
    /// two; else the shortest gap; else outside.
    func match(_ instant: Int64) -> Match {
        var best: (span: Int64, match: Match)?
        var shortestGap: Int64?
        for track in tracks {
            guard let first = track.times.first, let last = track.times.last, first <= instant, instant <= last else { continue }
            let index = Self.firstIndex(in: track.times, notBefore: instant)
            let point = track.points[index]
            if track.times[index] == instant {
                best = (0, .placed(latitude: point.latitude, longitude: point.longitude, track: track.id, name: track.name))
                break
            }
            let previous = track.points[index - 1]
            let span = track.times[index] - track.times[index - 1]
            if span > tolerance {
                shortestGap = min(shortestGap ?? span, span)
                continue
            }
            if let best, best.span <= span { continue }
            let share = Double(instant - track.times[index - 1]) / Double(span)
            let (latitude, longitude) = Self.between(previous, point, share: share)
            best = (span, .placed(latitude: latitude, longitude: longitude, track: track.id, name: track.name))
        }
        if let best { return best.match }
        if let shortestGap { return .gap(shortestGap) }
        return .outside
    }

    /// The first index whose time is at or after `instant` (the times are sorted, and the
    /// instant within them, so it is at least 1 unless it is the first time).
    static func firstIndex(in times: [Int64], notBefore instant: Int64) -> Int {
        var (low, high) = (0, times.count - 1)
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The point `share` of the way from `start` to `end`, the short way round the antimeridian.
    static func between(_ start: TrackPoint, _ end: TrackPoint, share: Double) -> (Double, Double) {
        var longitudeStep = end.longitude - start.longitude
        if longitudeStep > 180 { longitudeStep -= 360 } else if longitudeStep < -180 { longitudeStep += 360 }
        var longitude = start.longitude + share * longitudeStep
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (start.latitude + share * (end.latitude - start.latitude), longitude)
    }
}
