import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Visit and Unvisit for a Flickr photo: the same choices as for a library photo, beside
/// Flickr's top places. A vacation knows the photo by `FlickrService.vacationKey`.
extension FlickrController {
    /// Visit for a Flickr photo: the same choice as for the library's.
    func visitChoice(_ id: String) throws -> Response {
        let flickr = try service()
        return try choice(.visit, try seen(id, flickr), try app.library.vacations.visitable(by: context.account.id), flickr)
    }

    /// The photo added to the vacation chosen, its copy made from Flickr's image.
    func visit(_ id: String) throws -> Response {
        let flickr = try service()
        let photo = try seen(id, flickr)
        let account = try context.account.id
        let vacations = try app.library.vacations.visitable(by: account)
        let target: Int64
        if let chosen = Int64(context.field("vacation")) {
            target = chosen
        } else {
            do { target = try app.library.vacations.create(named: context.field("name"), for: account) } catch let error as VacationError {
                return try choice(
                    .visit, photo, vacations, flickr, error: error.description, status: error.isConflict ? .conflict : .unprocessableContent
                )
            }
        }
        do {
            let visited = try flickr.visitedPhoto(
                photo, library: app.library.photos,
                scratch: app.library.folder.appendingPathComponent("cache/flickr-visits"))
            try app.library.vacations.visit(visited, into: target, for: account)
        } catch VacationError.noSuchVacation {
            throw HTTPError.notFound("There is no such vacation.")
        } catch let error as FlickrError {
            throw HTTPError(status: .serviceUnavailable, message: error.description)
        }
        return .redirect(to: Route.flickrPhoto(id: id, place: nil).path)
    }

    /// The vacations holding the photo.
    func unvisitChoice(_ id: String) throws -> Response {
        let flickr = try service()
        let photo = try seen(id, flickr)
        return try choice(
            .unvisit, photo, try app.library.vacations.holding(sha256: FlickrService.vacationKey(of: photo), for: context.account.id),
            flickr)
    }

    /// The photo removed from the vacation chosen; a vacation that does not hold it (or is
    /// another account's) is 404.
    func unvisit(_ id: String) throws -> Response {
        let flickr = try service()
        let photo = try seen(id, flickr)
        let account = try context.account.id
        let key = FlickrService.vacationKey(of: photo)
        let holding = try app.library.vacations.holding(sha256: key, for: account)
        guard let chosen = Int64(context.field("vacation")), holding.contains(where: { $0.id == chosen }) else {
            throw HTTPError.notFound("No such vacation holds this photo.")
        }
        try app.library.vacations.unvisit(sha256: key, from: chosen, for: account)
        return .redirect(to: Route.flickrPhoto(id: id, place: nil).path)
    }

    private func seen(_ id: String, _ flickr: FlickrService) throws -> FlickrPhoto {
        guard let photo = try flickr.photo(id: id) else {
            throw HTTPError.notFound("RoadTrip has not seen this Flickr photo; open it from a place.")
        }
        return photo
    }

    private func choice(
        _ kind: VisitChoiceView.Kind, _ photo: FlickrPhoto, _ vacations: [(id: Int64, name: String)], _ flickr: FlickrService,
        error: String? = nil, status: Status = .ok
    ) throws -> Response {
        let back = Route.flickrPhoto(id: photo.id, place: nil)
        return try page(
            title: kind == .visit ? "Visit" : "Unvisit", master: placesBeside(flickr),
            detail: VisitChoiceView(
                kind: kind, title: photo.displayTitle, route: kind == .visit ? .flickrVisit(id: photo.id) : .flickrUnvisit(id: photo.id),
                back: back, vacations: vacations,
                holding: kind == .visit
                    ? Set(
                        try app.library.vacations.holding(sha256: FlickrService.vacationKey(of: photo), for: context.account.id).map(\.id))
                    : [],
                error: error),
            screen: .detail, back: (back, photo.displayTitle), status: status
        )
    }
}
