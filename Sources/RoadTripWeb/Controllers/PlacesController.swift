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
                    ? try MasterColumn.places(in: app, for: context).list
                    : try PlaceListView.read(order: order, after: cursor, from: app.library, for: try context.account.id),
                detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
                masterBar: try MasterBar.photos(.places, flickr: app.flickr)
            ), context: context)
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
        let (grid, flickrTab) = try PhotoGridView.read(collection, after: cursor, in: app, for: context)
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
