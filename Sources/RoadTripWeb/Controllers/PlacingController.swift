import Foundation
import HTML
import HTTPServer
import RoadTrip

/// "Place photos from tracks": the plan previewed (GET, and again with other options), applied
/// (POST), and the placement made, with its Undo.
struct PlacingController {
    let app: App
    let context: RequestContext

    var placer: PhotoPlacer { app.library.placer }

    func preview(track: Int64?) throws -> Response {
        let request = PlacementRequest(trackIDs: try existingTrack(track).map { [$0.id] })
        return try page(request, track: try existingTrack(track), notice: nil, status: .ok)
    }

    /// "Preview again" shows the plan for the options sent; "Place them" applies it.
    func place(track id: Int64?) throws -> Response {
        let track = try existingTrack(id)
        let request = try Self.request(from: context.form, track: track, cameras: try placer.cameras(PlacementRequest(trackIDs: track.map { [$0.id] })))
        guard context.form["do"] == "place" else { return try page(request, track: track, notice: nil, status: .ok) }
        let plan = try placer.plan(request)
        guard let placement = try placer.apply(plan, by: try context.account.id) else {
            return try page(request, track: track, notice: "No photo could be placed with these settings.", status: .unprocessableContent)
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
        guard let track = try app.library.tracks.track(id: id) else { throw HTTPError.notFound("There is no such track; it may have been removed.") }
        return track
    }

    /// The options a form sends: minutes within 0…1440, estimates on or off, and a clock for
    /// each camera (`camera-N` names it as the plan listed it, `clock-N` is "" for the measured
    /// one, minutes like "+120", or a zone). Anything else is a 422 naming the field.
    static func request(from form: Form, track: Track?, cameras: [PlacementPlan.Camera]) throws -> PlacementRequest {
        var request = PlacementRequest(trackIDs: track.map { [$0.id] })
        request.estimate = form["estimate"] == "on"
        for (field, name) in [("tolerance", "The gap tolerance"), ("window", "The time to nearby photos")] {
            guard let text = form[field] else { continue }
            guard let minutes = Int(text.trimmingCharacters(in: .whitespaces)), (0...PlacementRequest.largestMinutes).contains(minutes) else {
                throw HTTPError(status: .unprocessableContent, message: "\(name) must be minutes from 0 to \(PlacementRequest.largestMinutes).")
            }
            if field == "tolerance" { request.gapTolerance = minutes } else { request.neighbourWindow = minutes }
        }
        for (index, camera) in cameras.enumerated() {
            guard form["camera-\(index)"] == PlacingView.cameraField(camera.key), let text = form["clock-\(index)"], !text.isEmpty else { continue }
            guard let clock = CameraClock(formValue: text) else {
                throw HTTPError(status: .unprocessableContent, message: "The clock of the \(camera.key.name) must be a zone or an offset from UTC.")
            }
            request.clocks[camera.key] = clock
        }
        return request
    }

    private func page(_ request: PlacementRequest, track: Track?, notice: String?, status: Status) throws -> Response {
        let plan = try placer.plan(request)
        let used = try Set(plan.proposals.compactMap(\.trackID)).union(request.trackIDs ?? []).sorted().compactMap { try app.library.tracks.track(id: $0) }
        let outlines = try used.compactMap { try app.library.tracks.outline(of: $0.id, zoom: 14) }
        return app.page(PageFrame(
            title: track.map { "Place photos from \($0.name)" } ?? "Place photos from tracks",
            screen: .detail,
            master: TrackListView(tracks: try app.library.tracks.all(), current: track?.id),
            detail: PlacingView(plan: plan, request: request, track: track, outlines: outlines, notice: notice, sources: app.mapSources,
                                photos: try shownPhotos(plan)),
            back: track.map { (.track(id: $0.id), $0.name) } ?? (.tracks, "Tracks"),
            masterBar: try MasterBar.photos(.map, title: "Tracks", back: (.photoMap, "Map"), flickr: app.flickr),
            masterKey: "tracks"
        ), context: context, status: status)
    }

    /// The photos the plan shows as thumbnails: the first of those placed and of each reason left out.
    private func shownPhotos(_ plan: PlacementPlan) throws -> [Int64: Photo] {
        let limit = PlacingView.shownAsThumbnails
        let leftOut = Dictionary(grouping: plan.leftOut, by: \.reason.sentence).values.flatMap { $0.prefix(limit).map(\.photoID) }
        let ids = plan.proposals.prefix(limit).map(\.photoID) + leftOut
        return Dictionary(try app.library.photos.photos(ids: Array(ids.prefix(500))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func resultPage(_ placement: Placement) throws -> Response {
        let account = try context.account
        let by = try placement.madeBy.flatMap { try app.library.accounts.account(id: $0)?.name }
        return app.page(PageFrame(
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
