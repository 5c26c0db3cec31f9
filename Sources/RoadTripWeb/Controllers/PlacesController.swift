import HTML
import HTTPServer
import RoadTrip

/// The Places tab: the places, a place's photos, Find.
struct PlacesController {
    let app: App
    let context: RequestContext

    var photos: PhotoLibrary { app.library.photos }

    func places(order: PlaceOrder) throws -> Response {
        app.page(PageFrame(
            title: "Photos",
            screen: .master,
            master: PlaceListView(places: try photos.places(order: order), order: order, withoutPlace: try photos.photosWithoutPlace()),
            detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
            masterBar: try app.photosBar(.places)
        ), context: context)
    }

    func photos(in collection: PhotoCollection, after cursor: Int64?) throws -> Response {
        if let cursor, try photos.photo(id: cursor) == nil { throw HTTPError.notFound("That page of photos is gone; go back to the place.") }
        let grid = try self.grid(collection, after: cursor)
        return app.page(PageFrame(
            title: grid.heading,
            screen: .master,
            master: grid,
            // A grid with photos in it answers for the library without asking the database.
            detail: PhotoPlaceholderView(hasPhotos: try !grid.page.photos.isEmpty || !photos.isEmpty),
            masterBar: try app.photosBar(.places, title: grid.heading, back: (.places(order: .byCountry), "Places")),
            masterKey: collection.masterKey
        ), context: context)
    }

    /// The grid of a place (or of the photos with no place), for its own screen or beside a photo.
    func grid(_ collection: PhotoCollection, after cursor: Int64? = nil, current: Int64? = nil) throws -> PhotoGridView {
        let heading: String
        let subtitle: String?
        switch collection {
        case .place(let id):
            guard let place = try photos.place(id: id), place.photoCount > 0 else {
                throw HTTPError.notFound("There are no photos of this place. They may have been moved to another place.")
            }
            heading = place.name
            subtitle = "\(place.regionAndCountry) · \(PhotoFormat.count(place.photoCount))"
        case .noLocation:
            heading = "No location"
            subtitle = PhotoFormat.count(try photos.photosWithoutPlace())
        }
        return PhotoGridView(heading: heading, subtitle: subtitle, page: try photos.photos(in: collection, after: cursor),
                             collection: collection, current: current)
    }

    func find(query: String?) throws -> Response {
        let query = String((query ?? "").prefix(200))
        return app.page(PageFrame(
            title: "Find",
            screen: .master,
            master: FindView(query: query, results: try photos.findPlaces(query)),
            detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
            masterBar: try app.photosBar(.places, title: "Find", back: (.places(order: .byCountry), "Places"))
        ), context: context)
    }
}

extension PhotoCollection {
    /// The master list's name, the same on the grid's page and on each photo opened from it.
    var masterKey: String {
        switch self {
        case .place(let id): "place-\(id)"
        case .noLocation: "place-none"
        }
    }
}
