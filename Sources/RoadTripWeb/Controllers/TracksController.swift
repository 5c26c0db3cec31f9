import HTML
import HTTPServer
import RoadTrip

/// Photos → Map → Tracks: the household's GPS tracks, one track with its line, and removing one.
struct TracksController: Controller {
    let app: App
    let context: RequestContext

    var tracks: TrackStore { app.library.tracks }

    func list() throws -> Response {
        let all = try tracks.all()
        let world = MapBox(south: -90, west: -180, north: 90, east: 180)!
        return app.page(
            PageFrame(
                title: "Tracks",
                screen: .master,
                master: TrackListView(tracks: all, current: nil),
                detail: PhotoMapView(
                    map: try app.library.photos.map(of: world, zoom: PhotoMapController.worldZoom), sources: app.mapSources),
                masterBar: try MasterBar.photos(.map, title: "Tracks", back: (.photoMap, "Map"), flickr: app.flickr),
                masterKey: "tracks"
            ), context: context)
    }

    func show(id: Int64) throws -> Response {
        guard let track = try tracks.track(id: id) else { throw HTTPError.notFound("There is no such track; it may have been removed.") }
        let outline = try tracks.outline(of: id, zoom: 16)
        return app.page(
            PageFrame(
                title: track.name,
                screen: .detail,
                master: TrackListView(tracks: try tracks.all(), current: id),
                detail: TrackDetailView(
                    track: track, outline: outline?.segments ?? [], waypoints: try tracks.waypoints(of: id), sources: app.mapSources),
                back: (.tracks, "Tracks"),
                masterBar: try MasterBar.photos(.map, title: "Tracks", back: (.photoMap, "Map"), flickr: app.flickr),
                masterKey: "tracks"
            ), context: context)
    }

    /// Removed by whoever brought it in, or the owner; photos it placed keep their positions.
    func remove(id: Int64) throws -> Response {
        let account = try context.account
        guard let track = try tracks.track(id: id) else { throw HTTPError.notFound("There is no such track; it may have been removed.") }
        guard track.importedBy == account.id || account.mayManageAccounts else {
            throw HTTPError(status: .forbidden, message: "Only the person who brought this track in, or the owner, can remove it.")
        }
        try tracks.delete(id: id)
        return .redirect(to: Route.tracks.path)
    }
}
