import HTML
import RoadTrip

/// The household's tracks, newest first: a row each with its times, distance and duration.
struct TrackListView: HTML {
    let tracks: [Track]
    let current: Int64?

    var content: some HTML {
        section(.class("track-list"), .ariaLabel("Tracks")) {
            if tracks.isEmpty {
                p(.class("empty-note")) {
                    "No tracks yet. Upload a GPX, KML or GeoJSON file from a phone app, a watch or a bike computer "
                    "(or run roadtrip tracks import FILE), and photos without a position can be placed along it."
                }
            }
            ul(.class("rows tracks")) {
                ForEach(tracks) { track in
                    li {
                        a(
                            .class(track.id == current ? "row current" : "row"), .href(.track(id: track.id)),
                            .ifPresent(track.id == current ? "page" : nil) { .ariaCurrent($0) }
                        ) {
                            span(.class("row-title")) { track.name }
                            span(.class("row-subtitle")) { TrackFacts(track: track) }
                        }
                    }
                }
            }
            p(.class("list-actions")) {
                a(.class("button"), .href(.upload)) { "Upload tracks" }
                if !tracks.isEmpty { a(.class("button"), .href(.placing(track: nil))) { "Place photos from tracks" } }
            }
        }
    }
}

/// "19 Oct 2024, 10:00 AM – 11:30 AM · 6.7 km · 1 h 30 min": a track's row, its times in the reader's zone.
struct TrackFacts: HTML {
    let track: Track

    var content: some HTML {
        if let start = track.startedAt, let end = track.endedAt { TrackTimes(start: start, end: end) } else { "No times" }
        if track.pointCount > 1 { " \u{B7} \(TrackText.distance(track.distance))" }
        if let duration = track.duration, duration > 0 { " \u{B7} \(TrackText.duration(duration))" }
    }
}

/// Times of a track (milliseconds since 1970) as the reader's clock shows them: each a `time`
/// the server writes in UTC, which copy-link.js writes again in the reader's own zone — the end
/// by its time alone when the track ends the day it began. Never bare UTC where a script runs.
struct TrackTimes: HTML {
    let start: Int64
    var end: Int64? = nil

    var content: some HTML {
        instant(start, format: nil)
        if let end {
            " \u{2013} "
            instant(end, format: TrackText.dayAndTime(end).0 == TrackText.dayAndTime(start).0 ? "time" : nil)
        }
    }

    private func instant(_ milliseconds: Int64, format: String?) -> some HTML {
        let (day, time) = TrackText.dayAndTime(milliseconds)
        return timeElement(.datetime(TrackText.instant(milliseconds)), .class("local-time"), .ifPresent(format) { .data("format", $0) }) {
            format == nil ? "\(day), \(time) UTC" : "\(time) UTC"
        }
    }
}

/// One track: its facts, its line on a map with its named points, and what can be done with it.
struct TrackDetailView: HTML {
    let track: Track
    let outline: [[TrackPoint]]
    let waypoints: [TrackWaypoint]
    let sources: MapSources

    var content: some HTML {
        section(.class("track-detail")) {
            h2(.class("section-title")) { track.name }
            dl(.class("track-facts")) {
                dt { "When" }
                dd {
                    if let start = track.startedAt, let end = track.endedAt {
                        TrackTimes(start: start, end: end)
                    } else {
                        "No times: it is drawn, but places no photos"
                    }
                }
                dt { "Points" }; dd { "\(track.pointCount) in \(track.segmentCount) segment\(track.segmentCount == 1 ? "" : "s")" }
                dt { "Distance" }; dd { TrackText.distance(track.distance) }
                if let duration = track.duration { dt { "Duration" }; dd { TrackText.duration(duration) } }
                dt { "File" }; dd { track.format.rawValue.uppercased() }
            }
            let lines = outline.map { $0.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }.filter { !$0.isEmpty }
            let points = waypoints.compactMap { waypoint in
                Coordinate(latitude: waypoint.point.latitude, longitude: waypoint.point.longitude).map {
                    MapPoint(coordinate: $0, name: waypoint.name, label: nil, kind: .sight, link: nil)
                }
            }
            if !lines.isEmpty || !points.isEmpty {
                PointMapView(points: points, style: .track, label: "Map of the track \(track.name)", sources: sources, lines: lines)
            }
            if !waypoints.isEmpty {
                h3 { "Named points" }
                ul(.class("rows waypoints")) {
                    ForEach(waypoints.prefix(200)) { waypoint in
                        li(.class("row")) {
                            span(.class("row-title")) { waypoint.name }
                            span(.class("row-subtitle")) {
                                PhotoFormat.coordinates(latitude: waypoint.point.latitude, longitude: waypoint.point.longitude)
                                if let time = waypoint.point.time { " \u{B7} "; TrackTimes(start: time) }
                            }
                        }
                    }
                }
            }
            p(.class("track-actions")) {
                if track.startedAt != nil {
                    a(.class("button primary"), .href(.placing(track: track.id))) { "Place photos from this track" }
                }
            }
            form(.method("post"), .action(.trackRemoval(id: track.id)), .class("inline-form")) {
                FormToken()
                button(.type("submit"), .class("button danger")) { "Remove this track" }
                span(.class("hint")) { " Photos it placed keep their positions." }
            }
        }
    }
}
