import HTML
import HTTPServer

/// Where a map's script finds what it loads: Leaflet's files, the basemap, the tiles if any.
/// Every map's figure carries them (`attributes`), so a map swapped into a page starts alone.
struct MapSources {
    let leaflet: String
    let leafletStyle: String
    let markerCluster: String
    let markerClusterStyles: [String]
    let basemap: String
    let world: String
    let tiles: MapTiles?
    /// Where the offline basemap's tiles are, `…/z-x-y?v=…` with the tile's name in place of
    /// `{tile}`; nil without a pack.
    let basemapTiles: String?

    init(assets: AssetCatalog, tiles: MapTiles?, basemap: BasemapPack?) {
        leaflet = assets.route("leaflet.js").path
        leafletStyle = assets.route("leaflet.css").path
        markerCluster = assets.route("leaflet-markercluster.js").path
        markerClusterStyles = [assets.route("markercluster.css").path, assets.route("markercluster-default.css").path]
        self.basemap = assets.route("map-countries.json").path
        world = assets.route("map-world.svg").path
        self.tiles = tiles
        basemapTiles = basemap.map { pack in
            Route.basemapTile(BasemapTile(z: 0, x: 0, y: 0)!, version: pack.version).path.replacingOccurrences(
                of: "/0-0-0?", with: "/{tile}?")
        }
    }

    /// What `maps.js` reads from a map's figure.
    var attributes: [Attribute] {
        [
            .data("leaflet", leaflet), .data("leaflet-style", leafletStyle), .data("basemap", basemap),
            .ifPresent(tiles) { .data("tiles", $0.template) }, .ifPresent(tiles) { .data("tiles-attribution", $0.attribution) },
            .ifPresent(basemapTiles) { .data("basemap-tiles", $0) }, .data("basemap-max-zoom", String(BasemapPack.maxZoom)),
        ]
    }
}

extension App {
    var mapSources: MapSources { MapSources(assets: assets, tiles: mapTiles, basemap: basemap) }

    /// A tile of the basemap: the pack's gzip'd bytes (the script unpacks them), kept by the
    /// browser as long as the pack's version in the address stands. The open sea has no tile: 204,
    /// nothing to draw (not a 404, which a browser reports as an error a tile at a time).
    func basemapTile(_ tile: BasemapTile) throws -> Response {
        guard let basemap else { throw HTTPError.notFound("This server has no basemap tiles.") }
        let bytes = try basemap.bytes(of: tile)
        var response = Response(status: bytes == nil ? .noContent : .ok, body: .bytes(bytes ?? []))
        if bytes != nil { response.headers["Content-Type"] = "application/octet-stream" }
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
    }
}
