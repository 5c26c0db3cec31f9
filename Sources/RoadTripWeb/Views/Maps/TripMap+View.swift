import HTML
import RoadTrip

/// The trip's map, as the RoadTrip book's app shows it: the destination and its points of
/// interest as named markers, a tapped one telling its name and coordinates; the same points
/// listed beside the map.
struct TripMapView: HTML {
    let destination: Destination
    let pointsOfInterest: [PointOfInterest]
    let sources: MapSources

    var points: [MapPoint] {
        [MapPoint(coordinate: destination.coordinate, name: destination.locationTitle, label: nil, kind: .destination, link: nil)]
            + pointsOfInterest.map { MapPoint(coordinate: $0.coordinate, name: $0.title, label: nil, kind: .sight, link: nil) }
    }

    var content: some HTML {
        section(.class("trip-map"), .ariaLabel("Map of \(destination.name)")) {
            h2(.class("section-title")) { destination.name }
            PointMapView(points: points, style: .trip, label: "Map of \(destination.name) and its points of interest", sources: sources)
            ul(.class("rows map-points")) {
                li(.class("map-row map-row-destination")) {
                    span(.class("row-text")) {
                        span(.class("row-title")) { destination.locationTitle }
                        span(.class("row-subtitle")) { destination.locationSubtitle }
                    }
                    span(.class("row-detail coordinates")) { DestinationFormat.coordinate(destination.coordinate) }
                }
                for point in pointsOfInterest {
                    li(.class("map-row")) {
                        span(.class("row-text")) {
                            span(.class("row-title")) { point.title }
                            if !point.subtitle.isEmpty { span(.class("row-subtitle")) { point.subtitle } }
                        }
                        span(.class("row-detail coordinates")) { DestinationFormat.coordinate(point.coordinate) }
                    }
                }
            }
        }
    }
}
