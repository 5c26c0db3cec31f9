import HTTPServer
import RoadTrip

extension Route {
    /// Photos: Places, a place's photos, Find, the viewer and its images and videos, favourites,
    /// Recents, tags, Visit, adding to a vacation, uploads and imports.
    var photoRoute: RouteDeclaration? {
        switch self {
        case .places(let order, let after):
            RouteDeclaration.get(
                "/places", query: order == .byPhotoCount ? Route.query([("order", "top"), ("after", after.map(String.init))]) : "",
                as: Parse(reading: { match in
                    match.parameter("order") == "top"
                        ? .places(order: .byPhotoCount, after: match.identifierParameter("after")) : .places(order: .byCountry)
                }), PlacesController.self
            ) {
                try $0.places(order: order, after: after)
            }.pageCached(unless: order == .byCountry)
        case .placesInCountry(let code, let after):
            RouteDeclaration.get(
                "/places/countries/\(country: code)", query: Route.query("after", after.map(String.init)),
                as: Parse(reading: { match in
                    match.slots { (code: String) in .placesInCountry(code: code, after: match.identifierParameter("after")) }
                }), PlacesController.self
            ) {
                try $0.country(code, after: after)
            }.pageCached
        case .placePhotos(let collection, let after):
            RouteDeclaration.get(
                collection.placeID.map { id -> RoutePath in "/places/\(id)" } ?? "/places/none",
                query: Route.query("after", after.map(String.init)),
                as: Parse(reading: { match in
                    let after = match.identifierParameter("after")
                    return match.slots { (id: Int64) in .placePhotos(.place(id), after: after) }
                        ?? match.slots { .placePhotos(.noLocation, after: after) }
                }), PlacesController.self
            ) {
                try $0.photos(in: collection, after: after)
            }.pageCached
        case .findPlaces(let query):
            .get(
                "/find", query: Route.query("q", query), as: Parse(reading: { .findPlaces(query: $0.parameter("q")) }),
                PlacesController.self
            ) {
                try $0.find(query: query)
            }
        case .photo(let id, let inRecents):
            RouteDeclaration(
                "/photos/\(id)", query: inRecents ? "?from=recents" : "",
                as: Parse(reading: { match in match.slots { .photo(id: $0, inRecents: match.fromRecents) } }),
                PhotoController.self, get: { try $0.show(id: id, inRecents: inRecents, looked: true) },
                head: { try $0.show(id: id, inRecents: inRecents, looked: false) })
        case .importScreen:
            RouteDeclaration(
                "/import", as: Parse(.importScreen), ImportController.self, get: { try $0.screen() },
                post: { try $0.ask() })
        case .importRequest(let id):
            .get("/import/requests/\(id)", as: Parse(Route.importRequest), ImportController.self) { try $0.request(id) }
        case .importUpload(let name):
            RouteDeclaration(
                "/import/uploads", query: Route.query("name", name), as: Parse(reading: { .importUpload(name: $0.parameter("name")) }),
                ImportController.self, get: { try $0.received(name) },
                post: { try $0.receive(name) }, postBody: .spooled
            ).bounded(.upload, for: ["POST"])
        case .importRunUndo(let id):
            RouteDeclaration(
                "/import/runs/\(id)/undo", as: Parse(Route.importRunUndo), ImportController.self, get: { try $0.undoQuestion(id) },
                post: { try $0.undo(id) })
        case .importUploadRemoval:
            .post("/import/uploads/removal", as: Parse(.importUploadRemoval), ImportController.self) { try $0.removeUpload() }
        case .favorites(let after):
            .get(
                "/favorites", query: Route.query("after", after.map(String.init)),
                as: Parse(reading: { .favorites(after: $0.identifierParameter("after")) }), PlacesController.self
            ) {
                try $0.favorites(after: after)
            }
        case .favoritePhoto(let id):
            RouteDeclaration(
                "/favorites/photos/\(id)", as: Parse(Route.favoritePhoto),
                PhotoController.self, get: { try $0.showInFavorites(id: id, looked: true) },
                head: { try $0.showInFavorites(id: id, looked: false) })
        case .photoFavorite(let id):
            .post("/photos/\(id)/favorite", as: Parse(Route.photoFavorite), PhotoController.self) { try $0.setFavorite(id: id) }
        case .photoImage(let id, let size):
            .get("/photos/\(id)/\(size)", as: Parse(Route.photoImage), PhotoController.self) { try $0.image(id: id, size: size) }
        case .photoVersion(let id):
            .get("/photos/\(id)/version", as: Parse(Route.photoVersion), PhotoController.self) { try $0.showVersion(id: id) }
        case .photoVersionImage(let id, let size):
            .get("/photos/\(id)/version/\(size)", as: Parse(Route.photoVersionImage), PhotoController.self) {
                try $0.versionImage(id: id, size: size)
            }
        case .photoVideo(let id):
            .get("/photos/\(id)/video", as: Parse(Route.photoVideo), PhotoController.self) { try $0.video(id: id) }
        case .photoVideoStatus(let id):
            .get("/photos/\(id)/video-status", as: Parse(Route.photoVideoStatus), PhotoController.self) { try $0.videoStatus(id: id) }
        case .photoPlace(let id, let query):
            RouteDeclaration(
                "/photos/\(id)/place", query: Route.query("q", query),
                as: Parse(reading: { match in match.slots { .photoPlace(id: $0, query: match.parameter("q")) } }),
                PhotoController.self, get: { try $0.placeSearch(id: id, query: query) },
                post: { try $0.setPlace(id: id) })
        case .visit(let photo):
            RouteDeclaration(
                "/photos/\(photo)/visit", as: Parse(Route.visit), VisitController.self, get: { try $0.visitChoice(photo) },
                post: { try $0.visit(photo) })
        case .unvisit(let photo):
            RouteDeclaration(
                "/photos/\(photo)/unvisit", as: Parse(Route.unvisit), VisitController.self, get: { try $0.unvisitChoice(photo) },
                post: { try $0.unvisit(photo) })
        case .photoTags(let photo): .post("/photos/\(photo)/tags", as: Parse(Route.photoTags), VisitController.self) { try $0.tags(photo) }
        case .recents: .get("/recents", as: Parse(.recents), PhotoController.self) { try $0.recents() }
        case .addToVacation:
            RouteDeclaration(
                "/photos/add-to-vacation", as: Parse(.addToVacation),
                AddToVacationController.self, get: { try $0.choose() },
                post: { try $0.add() }
            ).bounded(.placing, for: ["POST"])
        case .upload:
            RouteDeclaration(
                "/upload", as: Parse(.upload), UploadController.self, get: { try $0.form() },
                post: { try $0.upload() }, postBody: .spooled
            ).bounded(.upload, for: ["POST"])
        case .uploadFile(let name):
            RouteDeclaration(
                "/upload/file", query: Route.query("name", name), as: Parse(reading: { .uploadFile(name: $0.parameter("name")) }),
                UploadController.self, post: { try $0.uploadFile() }, postBody: .spooled
            ).bounded(.upload, for: ["POST"])
        default: nil
        }
    }
}
