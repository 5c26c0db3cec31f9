import HTML
import HTTPServer
import RoadTrip

/// The Places tab: the places, a place's photos, Find.
struct PlacesController: Controller {
    let app: App
    let context: RequestContext

    var photos: PhotoStore { app.library.photos }

    func places(order: PlaceOrder, after cursor: Int64? = nil) throws -> Response {
        app.page(
            PageFrame(
                title: "Photos",
                screen: .master,
                master: order == .byCountry && cursor == nil
                    ? try firstScreen()
                    : AnyHTML(try PlaceListView.read(order: order, after: cursor, from: app.library, for: try context.account.id)),
                detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
                masterBar: try MasterBar.photos(.places, flickr: app.flickr)
            ), context: context)
    }

    /// The Photos screen a person lands on: On this day, then the places by country.
    func firstScreen() throws -> AnyHTML {
        let memories = try app.library.onThisDay.memories(TimelineController.today(app.library.clock), for: try context.account.id)
        let places = try PlaceListView.read(order: .byCountry, from: app.library, for: try context.account.id)
        return AnyHTML(
            div(.class("photos-first-screen")) {
                OnThisDayView(memories: memories)
                places
            })
    }

    /// A country's places, a page at a time: where a large library's Places screen leads.
    func country(_ code: String, after cursor: Int64?) throws -> Response {
        guard let country = try photos.country(code: code), country.placeCount > 0 else {
            throw HTTPError.notFound("There are no photos taken in that country.")
        }
        if let cursor, try photos.place(id: cursor) == nil {
            throw HTTPError.notFound("That page of places is gone; go back to the country.")
        }
        return app.page(
            PageFrame(
                title: country.name,
                screen: .master,
                master: PlaceCountryView(country: country, page: try photos.places(inCountry: code, after: cursor)),
                detail: PhotoPlaceholderView(hasPhotos: true),
                masterBar: try MasterBar.photos(.places, title: country.name, back: Route.backToPlaces, flickr: app.flickr)
            ), context: context)
    }

    func photos(in collection: PhotoCollection, after cursor: Int64?) throws -> Response {
        if let cursor, try photos.photo(id: cursor) == nil {
            throw HTTPError.notFound("That page of photos is gone; go back to \(collection.isFavorites ? "Favourites" : "the place").")
        }
        let (grid, flickrTab) = try self.grid(collection, after: cursor)
        return app.page(
            PageFrame(
                title: grid.heading,
                screen: .master,
                master: grid,
                // A grid with photos in it answers for the library without asking the database.
                detail: PhotoPlaceholderView(hasPhotos: try !grid.page.photos.isEmpty || !photos.isEmpty),
                masterBar: .photos(.places, title: grid.heading, back: Route.backToPlaces, flickr: flickrTab),
                masterKey: collection.masterKey
            ), context: context)
    }

    /// The account's favourites, newest first: the Favourites row of Places opens it.
    func favorites(after cursor: Int64?) throws -> Response {
        try photos(in: .favorites(try context.account.id), after: cursor)
    }

    /// The grid of a place (or of the photos with no place, or of the account's favourites), for
    /// its own screen or beside a photo, with the account's hearts on its favourites, and whether
    /// the photo tabs show Flickr: read together, in one round trip (the hearts in a second).
    func grid(_ collection: PhotoCollection, after cursor: Int64? = nil, current: Int64? = nil) throws -> (
        view: PhotoGridView, flickrTab: Bool
    ) {
        let page = PhotoStore.photosQuery(in: collection, after: cursor)
        let heading: String
        let subtitle: String?
        let (photoPage, storedFlickrKey): (PhotoPage, String?)
        switch collection {
        case .place(let id):
            let (found, read, key) = try app.library.fetch(PhotoStore.placeQuery(id: id), page, FlickrService.storedKeyQuery)
            guard let place = found, place.photoCount > 0 else {
                throw HTTPError.notFound("There are no photos of this place. They may have been moved to another place.")
            }
            heading = place.name
            subtitle = "\(place.regionAndCountry) · \(PhotoFormat.count(place.photoCount))"
            (photoPage, storedFlickrKey) = (read, key)
        case .noLocation:
            let (count, read, key) = try app.library.fetch(PhotoStore.photosWithoutPlaceQuery, page, FlickrService.storedKeyQuery)
            heading = "No location"
            subtitle = PhotoFormat.count(count ?? 0)
            (photoPage, storedFlickrKey) = (read, key)
        case .favorites(let account):
            let (count, read, key) = try app.library.fetch(FavoriteStore.countQuery(for: account), page, FlickrService.storedKeyQuery)
            heading = "Favourites"
            subtitle = PhotoFormat.count(count ?? 0)
            (photoPage, storedFlickrKey) = (read, key)
        }
        let favorites = try app.library.favorites.among(photoPage.photos.map(\.id), for: try context.account.id)
        let view = PhotoGridView(
            heading: heading, subtitle: subtitle, page: photoPage, collection: collection, current: current, favorites: favorites)
        return (view, app.flickr.map { $0.keyIsConfigured || storedFlickrKey != nil } ?? false)
    }

    func find(query: String?) throws -> Response {
        let query = String((query ?? "").prefix(200))
        return app.page(
            PageFrame(
                title: "Find",
                screen: .master,
                master: FindView(query: query, results: try photos.findPlaces(query)),
                detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
                masterBar: try MasterBar.photos(.places, title: "Find", back: Route.backToPlaces, flickr: app.flickr)
            ), context: context)
    }
}

extension PhotoCollection {
    /// The master list's name, the same on the grid's page and on each photo opened from it.
    var masterKey: String {
        switch self {
        case .place(let id): "place-\(id)"
        case .noLocation: "place-none"
        case .favorites: "favorites"
        }
    }
}
