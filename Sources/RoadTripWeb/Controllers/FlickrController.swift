import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The Flickr tab: top places, a place's latest photos, a photo, its images, Visit.
struct FlickrController {
    let app: App
    let context: RequestContext

    private func service() throws -> FlickrService {
        guard let flickr = app.flickr else { throw HTTPError.notFound("Flickr is not set up on this server.") }
        return flickr
    }

    func places() throws -> Response {
        let flickr = try service()
        let (places, problem): ([FlickrPlace], String?)
        do { (places, problem) = (try flickr.topPlaces(), nil) } catch { (places, problem) = ([], FlickrController.line(error)) }
        return try page(title: "Flickr", master: FlickrPlacesView(places: places, problem: problem), screen: .master)
    }

    func place(_ id: String) throws -> Response {
        let flickr = try service()
        let grid = try self.grid(flickr, id)
        return try page(title: grid.heading, master: grid, screen: .master, masterBack: (.flickrPlaces, "Flickr"), masterKey: "flickr-\(id)")
    }

    func photo(_ id: String, place: String?) throws -> Response {
        let flickr = try service()
        guard let photo = try flickr.photo(id: id) else { throw HTTPError.notFound("RoadTrip has not seen this Flickr photo; open it from a place.") }
        try app.library.recents.record(.flickr(photo.id), for: try context.account.id)
        var previous: String? = nil
        var next: String? = nil
        var master: any HTML = FlickrPlacesView(places: [], problem: nil)
        if let place {
            let grid = try self.grid(flickr, place, current: id)
            if let index = grid.photos.firstIndex(where: { $0.id == id }) {
                previous = index > 0 ? grid.photos[index - 1].id : nil
                next = index + 1 < grid.photos.count ? grid.photos[index + 1].id : nil
            }
            master = grid
        }
        let holding = try app.library.vacations.holding(sha256: FlickrService.vacationKey(of: photo), for: try context.account.id)
        return try page(
            title: photo.displayTitle, master: master,
            detail: FlickrPhotoView(photo: photo, placeID: place, previous: previous, next: next, vacations: holding), screen: .detail,
            back: place.map { (.flickrPlace(id: $0), "Photos") } ?? (.flickrPlaces, "Flickr"),
            masterBack: (.flickrPlaces, "Flickr"), masterKey: place.map { "flickr-\($0)" }
        )
    }

    /// The photo's image from RoadTrip's cache (fetched from Flickr the first time).
    func image(_ id: String, size: PhotoImageSize) throws -> Response {
        let flickr = try service()
        guard let photo = try flickr.photo(id: id) else { throw HTTPError.notFound() }
        let file: (path: String, mediaType: String)
        do {
            switch size {
            case .thumbnail: file = (try flickr.thumbnail(of: photo, processor: app.library.photos.processor), "image/webp")
            case .preview, .original:
                guard let source = size == .original ? photo.original : photo.large ?? photo.original else {
                    throw HTTPError.notFound("Flickr offers no such size of this photo.")
                }
                file = try flickr.cache.file(for: source.url)
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError(status: .serviceUnavailable, message: FlickrController.line(error))
        }
        guard let response = Response.file(at: file.path, contentType: file.mediaType, cacheControl: "private, max-age=86400", for: context.request) else {
            throw HTTPError.notFound()
        }
        return response
    }

    /// Visit for a Flickr photo: the same choice as for the library's, its copy made from Flickr's image.
    func visit(_ id: String) throws -> Response {
        let flickr = try service()
        guard let photo = try flickr.photo(id: id) else { throw HTTPError.notFound() }
        let account = try context.account.id
        let vacations = try app.library.vacations.all(of: account).map { (id: $0.id, name: $0.name) }
        guard context.request.method == "POST" else {
            return try page(title: "Visit", master: FlickrPlacesView(places: [], problem: nil),
                            detail: visitChoice(photo, vacations), screen: .detail,
                            back: (.flickrPhoto(id: id, place: nil), photo.displayTitle))
        }
        let target: Int64
        if let chosen = Int64(context.field("vacation")) {
            target = chosen
        } else {
            do { target = try app.library.vacations.create(named: context.field("name"), for: account) } catch let error as VacationError {
                return try page(title: "Visit", master: FlickrPlacesView(places: [], problem: nil),
                                detail: visitChoice(photo, vacations, error: error.description),
                                screen: .detail, back: (.flickrPhoto(id: id, place: nil), photo.displayTitle),
                                status: error.isConflict ? .conflict : .unprocessableContent)
            }
        }
        do {
            let visited = try flickr.visitedPhoto(photo, library: app.library.photos,
                                                  scratch: app.library.folder.appendingPathComponent("cache/flickr-visits"))
            try app.library.vacations.visit(visited, into: target, for: account)
        } catch VacationError.noSuchVacation {
            throw HTTPError.notFound("There is no such vacation.")
        } catch let error as FlickrError {
            throw HTTPError(status: .serviceUnavailable, message: error.description)
        }
        return .redirect(to: Route.flickrPhoto(id: id, place: nil).path)
    }

    private func visitChoice(_ photo: FlickrPhoto, _ vacations: [(id: Int64, name: String)], error: String? = nil) -> VisitChoiceView {
        VisitChoiceView(kind: .visit, title: photo.displayTitle, route: .flickrVisit(id: photo.id), back: .flickrPhoto(id: photo.id, place: nil),
                        vacations: vacations, formToken: context.formToken, error: error)
    }

    private func grid(_ flickr: FlickrService, _ id: String, current: String? = nil) throws -> FlickrGridView {
        let name = (try? flickr.topPlaces())?.first { $0.id == id }?.name ?? "Photos"
        do {
            return FlickrGridView(placeID: id, heading: name, photos: try flickr.photos(inPlace: id), problem: nil, current: current)
        } catch {
            return FlickrGridView(placeID: id, heading: name, photos: [], problem: FlickrController.line(error))
        }
    }

    /// One line for the tab: Flickr's own problems say what they are; anything else says little.
    static func line(_ error: any Error) -> String {
        (error as? FlickrError)?.description ?? "Flickr could not be asked: something went wrong on RoadTrip's side."
    }

    private func page(title: String, master: any HTML, detail: (any HTML)? = nil, screen: PageFrame.Screen,
                      back: (route: Route, label: String)? = nil, masterBack: (route: Route, label: String)? = nil,
                      masterKey: String? = nil, status: Status = .ok) throws -> Response {
        app.page(PageFrame(
            title: title, screen: screen, master: master, detail: detail ?? PhotoPlaceholderView(hasPhotos: true), back: back,
            masterBar: try app.photosBar(.flickr, title: screen == .master ? title : "Flickr", back: masterBack),
            masterKey: masterKey
        ), context: context, status: status)
    }
}
