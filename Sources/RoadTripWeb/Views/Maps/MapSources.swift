import HTML

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

    init(assets: AssetCatalog, tiles: MapTiles?) {
        leaflet = assets.route("leaflet.js").path
        leafletStyle = assets.route("leaflet.css").path
        markerCluster = assets.route("leaflet-markercluster.js").path
        markerClusterStyles = [assets.route("markercluster.css").path, assets.route("markercluster-default.css").path]
        basemap = assets.route("map-countries.json").path
        world = assets.route("map-world.svg").path
        self.tiles = tiles
    }

    /// What `maps.js` reads from a map's figure.
    var attributes: [Attribute] {
        [
            .data("leaflet", leaflet), .data("leaflet-style", leafletStyle), .data("basemap", basemap),
            .ifPresent(tiles) { .data("tiles", $0.template) }, .ifPresent(tiles) { .data("tiles-attribution", $0.attribution) },
        ]
    }
}

extension App {
    var mapSources: MapSources { MapSources(assets: assets, tiles: mapTiles) }
}
