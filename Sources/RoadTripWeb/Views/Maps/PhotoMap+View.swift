import HTML
import RoadTrip

/// The library's photos on a map. Drawn by the server as an SVG (the world's outlines, a circle
/// a cluster, each a link) that works without JavaScript; `photo-map.js` puts Leaflet in its
/// place, asking `/map/photos` for each view.
struct PhotoMapView: HTML {
    let map: PhotoMap
    let sources: MapSources

    var content: some HTML {
        Element(
            "figure",
            [
                .class("photo-map"), .script(ScreenScript.photoMap), .data("photos", Route.photoMapData(bbox: nil, zoom: nil).path),
                .data("marker-cluster", sources.markerCluster),
                .data("marker-cluster-styles", sources.markerClusterStyles.joined(separator: " ")),
                .data("grid-limit", String(PhotoStore.mapCellGridLimit)),
            ] + sources.attributes
        ) {
            svg(.class("map-drawing"), .viewBox(-180, -90, 360, 180), .role("img"), .ariaLabel("Map of where the photos were taken")) {
                svgImage(.href(sources.world), .x(-180), .y(-90), .svgWidth(360), .svgHeight(180))
                ForEach(map.clusters) { cluster in
                    a(.class("map-cluster"), .href(.photoMapCell(level: cluster.level, x: cluster.x, y: cluster.y))) {
                        title(PhotoFormat.count(cluster.count))
                        circle(.cx(cluster.longitude), .cy(-cluster.latitude), .r(MapRadius.of(cluster.count)))
                    }
                }
                ForEach(map.points) { point in
                    a(.class("map-photo"), .href(.photo(id: point.photoID, inRecents: false))) {
                        title("Photo")
                        circle(.cx(point.longitude), .cy(-point.latitude), .r(1.2))
                    }
                }
            }
            figcaption(.class("map-caption")) {
                map.photoCount == 0 ? "No photos with a position yet." : "\(PhotoFormat.count(map.photoCount)) with a position"
            }
        }
    }
}

/// A cluster's circle grows with the square root of its count (its area with the count).
enum MapRadius {
    static func of(_ count: Int) -> Double {
        min(9, 1.5 + Double(count).squareRoot() / 4)
    }
}

/// The map's clusters as a list, beside the map: each opens its photos.
struct PhotoMapListView: HTML {
    let map: PhotoMap

    var content: some HTML {
        section(.class("map-list"), .ariaLabel("Where the photos were taken")) {
            if map.photoCount == 0 {
                p(.class("empty-note")) { "Photos with a position (from the camera's GPS, or placed from a track) appear on the map." }
            }
            ul(.class("rows map-tracks-link")) {
                li {
                    a(.class("row"), .href(.tracks)) {
                        span(.class("row-title")) { "Tracks" }; span(.class("row-subtitle")) { "GPS tracks, and placing photos along them" }
                    }
                }
            }
            ul(.class("rows map-clusters")) {
                ForEach(map.clusters.sorted { $0.count > $1.count }) { cluster in
                    li {
                        a(.class("row"), .href(.photoMapCell(level: cluster.level, x: cluster.x, y: cluster.y))) {
                            span(.class("row-title")) { PhotoFormat.count(cluster.count) }
                            span(.class("row-subtitle")) {
                                "around " + PhotoFormat.coordinates(latitude: cluster.latitude, longitude: cluster.longitude)
                            }
                        }
                    }
                }
                ForEach(map.points) { point in
                    li {
                        a(.class("row"), .href(.photo(id: point.photoID, inRecents: false))) {
                            span(.class("row-title")) { "1 photo" }
                            span(.class("row-subtitle")) { PhotoFormat.coordinates(latitude: point.latitude, longitude: point.longitude) }
                        }
                    }
                }
            }
        }
    }
}

/// One cluster opened: its photos as a grid, each opening the viewer.
struct MapCellView: HTML {
    let heading: String
    let photos: [MapCellPhoto]
    let isCut: Bool

    var content: some HTML {
        section(.class("photo-grid-screen map-cell"), .ariaLabel(heading)) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { heading }
                if isCut { p(.class("row-subtitle")) { "The newest \(photos.count); zoom in on the map for the rest." } }
            }
            if photos.isEmpty { p(.class("empty-note")) { "No photos here any more." } }
            ul(.class("photo-grid")) {
                ForEach(photos) { photo in
                    li {
                        a(.class("photo-cell"), .href(.photo(id: photo.id, inRecents: false)), .data("photo-id", String(photo.id))) {
                            img(.src(.photoImage(id: photo.id, size: .thumbnail)), .alt(""), .loading("lazy"), .decoding("async"))
                            span(.class("photo-caption")) { photo.title }
                        }
                    }
                }
            }
        }
    }
}
