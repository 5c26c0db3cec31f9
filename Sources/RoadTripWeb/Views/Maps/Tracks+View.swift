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
                    "No tracks yet. Upload a GPX, KML or GeoJSON file from a phone app, a watch or a bike computer (or run roadtrip tracks import FILE), "
                    "and photos without a position can be placed along it."
                }
            }
            ul(.class("rows tracks")) {
                ForEach(tracks) { track in
                    li {
                        a(.class(track.id == current ? "row current" : "row"), .href(.track(id: track.id)), .ifPresent(track.id == current ? "page" : nil) { .ariaCurrent($0) }) {
                            span(.class("row-title")) { track.name }
                            span(.class("row-subtitle")) { TrackFacts.line(track) }
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

enum TrackFacts {
    /// "19 Oct 2024, 08:00–09:30 UTC · 6.7 km · 1 h 30 min"
    static func line(_ track: Track) -> String {
        var parts: [String] = []
        if let start = track.startedAt, let end = track.endedAt { parts.append(TrackText.timeRange(start, end)) } else { parts.append("No times") }
        if track.pointCount > 1 { parts.append(TrackText.distance(track.distance)) }
        if let duration = track.duration, duration > 0 { parts.append(TrackText.duration(duration)) }
        return parts.joined(separator: " \u{B7} ")
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
                dt { "When" }; dd { track.startedAt.flatMap { start in track.endedAt.map { TrackText.timeRange(start, $0) } } ?? "No times: it is drawn, but places no photos" }
                dt { "Points" }; dd { "\(track.pointCount) in \(track.segmentCount) segment\(track.segmentCount == 1 ? "" : "s")" }
                dt { "Distance" }; dd { TrackText.distance(track.distance) }
                if let duration = track.duration { dt { "Duration" }; dd { TrackText.duration(duration) } }
                dt { "File" }; dd { track.format.rawValue.uppercased() }
            }
            let lines = outline.map { $0.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }.filter { !$0.isEmpty }
            let points = waypoints.compactMap { waypoint in
                Coordinate(latitude: waypoint.point.latitude, longitude: waypoint.point.longitude).map { MapPoint(coordinate: $0, name: waypoint.name, label: nil, kind: .sight, link: nil) }
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
                                    + (waypoint.point.time.map { " \u{B7} " + TrackText.dayAndTime($0).0 + " " + TrackText.dayAndTime($0).1 + " UTC" } ?? "")
                            }
                        }
                    }
                }
            }
            p(.class("track-actions")) {
                if track.startedAt != nil { a(.class("button primary"), .href(.placing(track: track.id))) { "Place photos from this track" } }
            }
            form(.method("post"), .action(.trackRemoval(id: track.id)), .class("inline-form")) {
                FormToken()
                button(.type("submit"), .class("button danger")) { "Remove this track" }
                span(.class("hint")) { " Photos it placed keep their positions." }
            }
        }
    }
}
