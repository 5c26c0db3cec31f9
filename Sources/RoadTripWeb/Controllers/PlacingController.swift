import Foundation
import HTML
import HTTPServer
import RoadTrip

/// "Place photos from tracks": the plan previewed (GET, and again with other options), applied
/// (POST), and the placement made, with its Undo.
struct PlacingController: Controller {
    let app: App
    let context: RequestContext

    var placer: PhotoPlacer { app.library.placer }

    func preview(track: Int64?) throws -> Response {
        let track = try existingTrack(track)
        return try page(PlacementRequest(trackIDs: track.map { [$0.id] }), track: track, cameraPage: 0, notice: nil, status: .ok)
    }

    /// "Preview again" and the buttons to other cameras show the plan for the options sent;
    /// "Place them" applies it.
    func place(track id: Int64?) throws -> Response {
        let track = try existingTrack(id)
        let cameras = try placer.cameras(PlacementRequest(trackIDs: track.map { [$0.id] }))
        let request = try PlacingForm.request(from: context.form, track: track, cameras: cameras)
        let cameraPage = try PlacingForm.cameraPage(from: context.form)
        guard context.form["do"] == "place", context.form[PlacingForm.showPageField] == nil else {
            return try page(request, track: track, cameraPage: cameraPage, notice: nil, status: .ok)
        }
        let plan = try placer.plan(request)
        guard let placement = try placer.apply(plan, by: try context.account.id) else {
            let notice = "No photo could be placed with these settings."
            return try page(request, track: track, cameraPage: cameraPage, notice: notice, status: .unprocessableContent)
        }
        return .redirect(to: Route.placement(id: placement.id).path)
    }

    func show(id: Int64) throws -> Response {
        guard let placement = try placer.placement(id: id) else { throw HTTPError.notFound("There is no such placement.") }
        return try resultPage(placement)
    }

    /// Puts the photos back; by whoever made the placement, or the owner.
    func undo(id: Int64) throws -> Response {
        guard let placement = try placer.placement(id: id) else { throw HTTPError.notFound("There is no such placement.") }
        let account = try context.account
        guard placement.madeBy == account.id || account.mayManageAccounts else {
            throw HTTPError(status: .forbidden, message: "Only the person who placed these photos, or the owner, can undo it.")
        }
        try placer.undo(id)
        return .redirect(to: Route.placement(id: id).path)
    }

    private func existingTrack(_ id: Int64?) throws -> Track? {
        guard let id else { return nil }
        guard let track = try app.library.tracks.track(id: id) else {
            throw HTTPError.notFound("There is no such track; it may have been removed.")
        }
        return track
    }

    private func page(_ request: PlacementRequest, track: Track?, cameraPage: Int, notice: String?, status: Status) throws -> Response {
        let plan = try placer.plan(request)
        let used = try Set(plan.proposals.compactMap(\.trackID)).union(request.trackIDs ?? []).sorted().compactMap {
            try app.library.tracks.track(id: $0)
        }
        let outlines = try used.compactMap { try app.library.tracks.outline(of: $0.id, zoom: 14) }
        return app.page(
            PageFrame(
                title: track.map { "Place photos from \($0.name)" } ?? "Place photos from tracks",
                screen: .detail,
                master: TrackListView(tracks: try app.library.tracks.all(), current: track?.id),
                detail: PlacingView(
                    plan: plan, request: request, track: track, outlines: outlines, notice: notice, sources: app.mapSources,
                    photos: try shownPhotos(plan), cameraPage: cameraPage),
                back: track.map { (.track(id: $0.id), $0.name) } ?? (.tracks, "Tracks"),
                masterBar: try MasterBar.photos(.map, title: "Tracks", back: (.photoMap, "Map"), flickr: app.flickr),
                masterKey: "tracks"
            ), context: context, status: status)
    }

    /// The photos the plan shows as thumbnails: the first of those placed and of each reason left out.
    private func shownPhotos(_ plan: PlacementPlan) throws -> [Int64: Photo] {
        let limit = PlacingView.shownAsThumbnails
        let leftOut = PlacingView.leftOutReasons(plan).shown.flatMap { $0.photos.prefix(limit) }
        let ids = plan.proposals.prefix(limit).map(\.photoID) + leftOut
        return Dictionary(
            try app.library.photos.photos(ids: Array(ids.prefix(500))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func resultPage(_ placement: Placement) throws -> Response {
        let account = try context.account
        let by = try placement.madeBy.flatMap { try app.library.accounts.account(id: $0)?.name }
        return app.page(
            PageFrame(
                title: "Photos placed",
                screen: .detail,
                master: TrackListView(tracks: try app.library.tracks.all(), current: nil),
                detail: PlacementView(placement: placement, by: by, mayUndo: placement.madeBy == account.id || account.mayManageAccounts),
                back: (.tracks, "Tracks"),
                masterBar: try MasterBar.photos(.map, title: "Tracks", back: (.photoMap, "Map"), flickr: app.flickr),
                masterKey: "tracks"
            ), context: context)
    }
}
