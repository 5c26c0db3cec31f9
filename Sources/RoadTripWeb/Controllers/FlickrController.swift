import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The Flickr tab: top places, a place's latest photos, a photo, its images, Visit.
struct FlickrController: Controller {
    let app: App
    let context: RequestContext

    func service() throws -> FlickrService {
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
        return try page(
            title: grid.heading, master: grid, screen: .master, masterBack: (.flickrPlaces, "Flickr"), masterKey: "flickr-\(id)")
    }

    /// Opened from a place, the place's photos are beside it; from Recents, Recents (in the same
    /// order: as for a library photo, turning through Recents moves nothing to the top).
    /// `looked`: a GET, a person looking at the photo, which goes into Recents; a HEAD (a link
    /// checker, a prefetch that only asks) is not a look.
    func photo(_ id: String, place: String?, inRecents: Bool, looked: Bool) throws -> Response {
        let flickr = try service()
        guard let photo = try flickr.photo(id: id) else {
            throw HTTPError.notFound("RoadTrip has not seen this Flickr photo; open it from a place.")
        }
        let account = try context.account.id
        var recents = inRecents ? try app.library.recents.items(of: account) : []
        if looked, !recents.contains(where: { $0.key == .flickr(photo.id) }) {
            try app.library.recents.record(.flickr(photo.id), for: account)
            if inRecents { recents = try app.library.recents.items(of: account) }
        }
        let holding = try app.library.vacations.holding(sha256: FlickrService.vacationKey(of: photo), for: account)
        if inRecents {
            let neighbours = RecentsView.neighbours(of: .flickr(photo.id), in: recents)
            return app.page(
                PageFrame(
                    title: photo.displayTitle, beside: try .recents(recents, current: .flickr(photo.id), in: app),
                    detail: FlickrPhotoView(
                        photo: photo, previous: neighbours.previous, next: neighbours.next, vacations: holding, mapSources: app.mapSources),
                    back: (.recents, "Recents")
                ), context: context)
        }
        var previous: Route? = nil
        var next: Route? = nil
        var master: any HTML = placesBeside(flickr)
        if let place {
            let grid = try self.grid(flickr, place, current: id)
            if let index = grid.photos.firstIndex(where: { $0.id == id }) {
                previous = index > 0 ? .flickrPhoto(id: grid.photos[index - 1].id, place: place) : nil
                next = index + 1 < grid.photos.count ? .flickrPhoto(id: grid.photos[index + 1].id, place: place) : nil
            }
            master = grid
        }
        return try page(
            title: photo.displayTitle, master: master,
            detail: FlickrPhotoView(photo: photo, previous: previous, next: next, vacations: holding, mapSources: app.mapSources),
            screen: .detail,
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
        guard
            let response = Response.file(
                at: file.path, contentType: file.mediaType, cacheControl: "private, max-age=86400", for: context.request)
        else {
            throw HTTPError.notFound()
        }
        return response
    }

    /// Flickr's top places, for screens of a photo opened from no place: the real list (or the
    /// line saying why there is none), never an empty one standing in for it.
    func placesBeside(_ flickr: FlickrService) -> FlickrPlacesView {
        do { return FlickrPlacesView(places: try flickr.topPlaces(), problem: nil) } catch {
            return FlickrPlacesView(places: [], problem: FlickrController.line(error))
        }
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

    func page(
        title: String, master: any HTML, detail: (any HTML)? = nil, screen: PageFrame.Screen,
        back: (route: Route, label: String)? = nil, masterBack: (route: Route, label: String)? = nil,
        masterKey: String? = nil, status: Status = .ok
    ) throws -> Response {
        app.page(
            PageFrame(
                title: title, screen: screen, master: master, detail: detail ?? PhotoPlaceholderView(hasPhotos: true), back: back,
                masterBar: try MasterBar.photos(.flickr, title: screen == .master ? title : "Flickr", back: masterBack, flickr: app.flickr),
                masterKey: masterKey
            ), context: context, status: status)
    }
}
