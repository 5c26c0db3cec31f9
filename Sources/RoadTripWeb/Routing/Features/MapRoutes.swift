import HTTPServer
import RoadTrip

extension Route {
    /// Maps and tracks: the photos' map and its data, the basemap's tiles and names, GPS tracks,
    /// placing photos from them or by hand.
    var mapRoute: RouteDeclaration? {
        switch self {
        case .photoMap: RouteDeclaration.get("/map", as: Parse(.photoMap), PhotoMapController.self) { try $0.page() }.pageCached
        case .photoMapCell(let level, let x, let y):
            RouteDeclaration.get(
                "/map/cells/\(MapCell(level: level, x: x, y: y))",
                as: Parse { (cell: MapCell) in .photoMapCell(level: cell.level, x: cell.x, y: cell.y) }, PhotoMapController.self
            ) {
                try $0.cell(level: level, x: x, y: y)
            }.pageCached.bounded(.mapCell, for: level == Route.coarsestMapCellLevel ? ["GET", "HEAD"] : [])
        case .tracks: .get("/map/tracks", as: Parse(.tracks), TracksController.self) { try $0.list() }
        case .track(let id): .get("/map/tracks/\(id)", as: Parse(Route.track), TracksController.self) { try $0.show(id: id) }
        case .trackRemoval(let id):
            .post("/map/tracks/\(id)/remove", as: Parse(Route.trackRemoval), TracksController.self) { try $0.remove(id: id) }
        case .placing(let track):
            RouteDeclaration(
                "/photos/placing", query: Route.query("track", track.map(String.init)),
                as: Parse(reading: { .placing(track: $0.identifierParameter("track")) }),
                PlacingController.self, get: { try $0.preview(track: track) },
                post: { try $0.place(track: track) }
            ).bounded(.placing, for: ["GET", "HEAD", "POST"])
        case .placeMany(let query):
            RouteDeclaration(
                "/photos/place-many", query: Route.query("q", query), as: Parse(reading: { .placeMany(query: $0.parameter("q")) }),
                PlaceManyController.self, get: { try $0.form(query: query) },
                post: { try $0.place() }
            ).bounded(.placing, for: ["POST"])
        case .placement(let id):
            RouteDeclaration(
                "/photos/placings/\(id)", as: Parse(Route.placement), PlacingController.self, get: { try $0.show(id: id) },
                post: { try $0.undo(id: id) })
        case .basemapTile(let tile, let version):
            // Public data, as the stylesheets are: before the session, cached for as long as the pack lasts.
            .beforeSession(
                "/map/basemap/\(tile)", query: Route.query("v", version),
                as: Parse(reading: { match in match.slots { (tile: BasemapTile) in .basemapTile(tile, version: match.parameter("v")) } })
            ) { app, _ in
                try app.basemapTile(tile)
            }
        case .photoMapData(let bbox, let zoom):
            RouteDeclaration.get(
                "/map/photos", query: Route.query([("bbox", bbox), ("zoom", zoom)]),
                as: Parse(reading: { .photoMapData(bbox: $0.parameter("bbox"), zoom: $0.parameter("zoom")) }), PhotoMapController.self
            ) {
                try $0.data(bbox: bbox, zoom: zoom)
            }.pageCached
        default: nil
        }
    }
}
