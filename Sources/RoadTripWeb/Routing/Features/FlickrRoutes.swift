import HTTPServer
import RoadTrip

extension Route {
    /// Flickr: its places, a place's photos, a photo, its images, Visit and Unvisit.
    var flickrRoute: RouteDeclaration? {
        switch self {
        case .flickrPlaces: .get("/flickr", as: Parse(.flickrPlaces), FlickrController.self) { try $0.places() }
        case .flickrPlace(let id):
            .get("/flickr/places/\(flickr: id)", as: Parse(Route.flickrPlace), FlickrController.self) { try $0.place(id) }
        case .flickrPhoto(let id, let place, let inRecents):
            RouteDeclaration(
                "/flickr/photos/\(flickr: id)", query: inRecents ? "?from=recents" : Route.query("place", place),
                as: Parse(reading: { match in
                    // Opened from Recents, previous and next are Recents': no place.
                    let place = match.fromRecents ? nil : match.parameter("place").flatMap { Slot.isFlickrID($0[...]) ? $0 : nil }
                    return match.slots { .flickrPhoto(id: $0, place: place, inRecents: match.fromRecents) }
                }),
                FlickrController.self, get: { try $0.photo(id, place: place, inRecents: inRecents, looked: true) },
                head: { try $0.photo(id, place: place, inRecents: inRecents, looked: false) })
        case .flickrImage(let id, let size):
            .get("/flickr/photos/\(flickr: id)/\(size)", as: Parse(Route.flickrImage), FlickrController.self) {
                try $0.image(id, size: size)
            }
        case .flickrVisit(let id):
            RouteDeclaration(
                "/flickr/photos/\(flickr: id)/visit", as: Parse(Route.flickrVisit), FlickrController.self, get: { try $0.visitChoice(id) },
                post: { try $0.visit(id) })
        case .flickrUnvisit(let id):
            RouteDeclaration(
                "/flickr/photos/\(flickr: id)/unvisit", as: Parse(Route.flickrUnvisit), FlickrController.self,
                get: { try $0.unvisitChoice(id) },
                post: { try $0.unvisit(id) })
        default: nil
        }
    }
}
