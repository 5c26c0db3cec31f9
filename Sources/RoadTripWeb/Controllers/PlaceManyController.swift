import Foundation
import Geo
import HTML
import HTTPServer
import RoadTrip

/// Photos chosen in a grid placed together: by a place found by name, or at a point on the map.
/// The photos come in the request (`photos`, each a number or a comma-separated list: a grid's
/// checkboxes send one each, the select mode one list), at most `PhotoPlacer.maximumPhotos`.
struct PlaceManyController: Controller {
    let app: App
    let context: RequestContext

    func form(query: String?) throws -> Response {
        let ids = Self.ids(context.request.query.filter { $0.name == "photos" }.map(\.value))
        return try page(
            ids: ids, query: String((query ?? "").prefix(200)),
            error: ids.isEmpty ? "Choose photos first: Select in a grid of photos." : nil,
            status: ids.isEmpty ? .unprocessableContent : .ok)
    }

    func place() throws -> Response {
        let ids = Self.ids(context.form.fields.filter { $0.name == "photos" }.map(\.value))
        guard !ids.isEmpty else {
            return try page(ids: ids, query: "", error: "Choose photos first: Select in a grid of photos.", status: .unprocessableContent)
        }
        let account = try context.account.id
        let placement: Placement?
        if let placeID = Int64(context.field("place")) {
            placement = try app.library.placer.place(ids, atPlace: placeID, by: account)
            guard placement != nil else {
                return try page(ids: ids, query: "", error: "Choose one of the places found.", status: .unprocessableContent)
            }
        } else {
            let (latitude, longitude) = (
                Double(context.field("latitude").trimmingCharacters(in: .whitespaces)),
                Double(context.field("longitude").trimmingCharacters(in: .whitespaces))
            )
            guard let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
                return try page(
                    ids: ids, query: "", error: "A point on the map has a latitude from -90 to 90 and a longitude from -180 to 180.",
                    status: .unprocessableContent)
            }
            placement = try app.library.placer.place(ids, at: coordinate, by: account)
        }
        guard let placement else {
            return try page(ids: ids, query: "", error: "None of these photos is in the library any more.", status: .unprocessableContent)
        }
        return .redirect(to: Route.placement(id: placement.id).path)
    }

    /// The numbers sent, in order, each once, at most `PhotoPlacer.maximumPhotos`.
    static func ids(_ values: [String]) -> [Int64] {
        var seen = Set<Int64>()
        var ids: [Int64] = []
        for value in values {
            for part in value.split(separator: ",") {
                guard ids.count < PhotoPlacer.maximumPhotos, let id = Int64(part.trimmingCharacters(in: .whitespaces)), id > 0,
                    seen.insert(id).inserted
                else { continue }
                ids.append(id)
            }
        }
        return ids
    }

    private func page(ids: [Int64], query: String, error: String?, status: Status) throws -> Response {
        let results =
            query.trimmingCharacters(in: .whitespaces).isEmpty ? [] : try app.library.photos.gazetteer.gazetteer().search(query, limit: 20)
        let shown = try app.library.photos.photos(ids: Array(ids.prefix(PlacingView.shownAsThumbnails)))
        return app.page(
            PageFrame(
                title: "Place \(PhotoFormat.count(ids.count))",
                beside: try .photos(.noLocation, in: app, for: context),
                detail: PlaceManyView(ids: ids, shown: shown, query: query, results: results, error: error, sources: app.mapSources),
                back: (.placePhotos(.noLocation, after: nil), "No location")
            ), context: context, status: status)
    }
}
