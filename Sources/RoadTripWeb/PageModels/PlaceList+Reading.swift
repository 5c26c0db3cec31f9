import HTTPServer
import RoadTrip

extension PlaceListView {
    /// The Places screen's list: every place while they fit on one screen; in a larger library the
    /// countries (by country) or a page of the top places (`after` continues it).
    static func read(order: PlaceOrder, after cursor: Int64? = nil, from library: Library, for account: AccountID) throws -> PlaceListView {
        let photos = library.photos
        let listing: PlaceListView.Listing
        if cursor == nil, let places = try photos.placesIfFew(order: order) {
            listing = .all(places)
        } else if order == .byCountry {
            listing = .countries(try photos.countries())
        } else {
            if let cursor, try photos.place(id: cursor) == nil {
                throw HTTPError.notFound("That page of places is gone; go back to Places.")
            }
            listing = .top(try photos.topPlaces(after: cursor))
        }
        // Favourites heads the list's first screen once the person has one.
        return PlaceListView(
            listing: listing, order: order, withoutPlace: try photos.photosWithoutPlace(),
            favorites: cursor == nil ? try library.favorites.count(for: account) : 0)
    }
}
