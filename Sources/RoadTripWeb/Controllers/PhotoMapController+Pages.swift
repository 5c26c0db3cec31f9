import HTML
import HTTPServer
import RoadTrip

/// The Map tab: the map beside the list of its clusters, and a cluster opened as a grid.
extension PhotoMapController {
    /// The world, as the map first shows it.
    static let worldZoom = 1

    func page() throws -> Response {
        let world = MapBox(south: -90, west: -180, north: 90, east: 180)!
        let map = try app.library.photos.map(of: world, zoom: Self.worldZoom)
        return app.page(
            PageFrame(
                title: "Map",
                screen: .detail,
                master: PhotoMapListView(map: map),
                detail: PhotoMapView(map: map, sources: app.mapSources),
                masterBar: try MasterBar.photos(.map, flickr: app.flickr),
                masterKey: "map",
                // Tracks from the map on every size: a phone never shows the list beside it.
                detailActions: a(.class("bar-button"), .href(.tracks)) { "Tracks" },
                tabRoot: true
            ), context: context)
    }

    func cell(level: Int, x: Int64, y: Int64) throws -> Response {
        let photos = try app.library.photos.photos(inMapCell: level, x: x, y: y, limit: PhotoStore.mapCellGridLimit + 1)
        guard !photos.isEmpty else { throw HTTPError.notFound("There are no photos there any more.") }
        let center = PhotoStore.center(ofMapCell: level, x: x, y: y)
        let heading = "Around " + PhotoFormat.coordinates(latitude: center.latitude, longitude: center.longitude)
        return app.page(
            PageFrame(
                title: heading,
                screen: .master,
                master: MapCellView(
                    heading: heading, photos: Array(photos.prefix(PhotoStore.mapCellGridLimit)),
                    isCut: photos.count > PhotoStore.mapCellGridLimit),
                detail: PhotoPlaceholderView(hasPhotos: true),
                masterBar: try MasterBar.photos(.map, title: "Map", back: (.photoMap, "Map"), flickr: app.flickr),
                masterKey: "map-cell"
            ), context: context)
    }
}
