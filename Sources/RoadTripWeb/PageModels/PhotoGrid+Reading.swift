import HTTPServer
import RoadTrip

extension PhotoGridView {
    /// The grid of a place (or of the photos with no place, or of the account's favourites), for
    /// its own screen or beside a photo, with the account's hearts on its favourites, and whether
    /// the photo tabs show Flickr: read together, in one round trip (the hearts in a second).
    static func read(
        _ collection: PhotoCollection, after cursor: Int64? = nil, current: Int64? = nil, in app: App, for context: RequestContext
    ) throws -> (view: PhotoGridView, flickrTab: Bool) {
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
}
