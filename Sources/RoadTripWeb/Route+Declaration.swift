import HTTPServer
import RoadTrip

/// What one route is, declared once: its path (with its query), whether it answers without a
/// session, its action for GET (HEAD answers the same without the body, unless the route says
/// otherwise), its action for POST, and how a POST's body is read. The methods it allows, the
/// dispatch, the session gate and which bodies go to a file all come from here, so no action
/// asks which method it was called for.
struct RouteDeclaration {
    typealias Action = (App, RequestContext) throws -> Response

    /// How a POST's body arrives: a small form in memory, or a large upload streamed to a file
    /// (multipart, or one file as the whole body) before the action sees it.
    enum Body {
        case form, spooled
    }

    let path: String
    var isPublic = false
    var get: Action?
    var head: Action?
    var post: Action?
    var postBody = Body.form
    /// A GET (and HEAD) answered from the request alone, before any session is looked up: the
    /// static files and the health check.
    var beforeSession: ((App, Request) throws -> Response)?
    /// Its GET page is made from the database and the request alone (no clock, no file, no job
    /// in progress), and reads no more than it shows: kept until the database changes (`PageCache`).
    var keepsPages = false
    /// Long work its action does, bounded (`WorkAdmission`), and for which methods.
    var boundedWork: (kind: BoundedWork, methods: [String])?

    init(_ path: String, public isPublic: Bool = false, get: Action? = nil, head: Action? = nil, post: Action? = nil, postBody: Body = .form) {
        self.path = path
        self.isPublic = isPublic
        self.get = get
        self.head = head
        self.post = post
        self.postBody = postBody
    }

    static func get(_ path: String, public isPublic: Bool = false, _ action: @escaping Action) -> RouteDeclaration {
        RouteDeclaration(path, public: isPublic, get: action)
    }

    static func post(_ path: String, _ action: @escaping Action) -> RouteDeclaration {
        RouteDeclaration(path, post: action)
    }

    /// Public: what it answers needs no session.
    static func beforeSession(_ path: String, _ answer: @escaping (App, Request) throws -> Response) -> RouteDeclaration {
        var declaration = RouteDeclaration(path, public: true)
        declaration.beforeSession = answer
        return declaration
    }

    /// This declaration, its page kept until the database changes.
    var kept: RouteDeclaration {
        var declaration = self
        declaration.keepsPages = true
        return declaration
    }

    /// This declaration, its action for `methods` bounded as `kind` of work: beyond the bound,
    /// a 503 with `Retry-After` rather than one more thread taken.
    func bounded(_ kind: BoundedWork, for methods: [String] = ["GET", "HEAD"]) -> RouteDeclaration {
        var declaration = self
        declaration.boundedWork = (kind, methods)
        return declaration
    }

    /// The kind of bounded work a request of `method` does; nil for quick work.
    func bound(for method: String) -> BoundedWork? {
        boundedWork.flatMap { $0.methods.contains(method) ? $0.kind : nil }
    }

    /// The methods allowed, in the order an `Allow` header lists them.
    var methods: [String] {
        (get != nil || beforeSession != nil ? ["GET", "HEAD"] : []) + (post != nil ? ["POST"] : [])
    }

    func action(for method: String) -> Action? {
        switch method {
        case "GET": get
        case "HEAD": head ?? get
        case "POST": post
        default: nil
        }
    }
}

extension Route {
    /// The map's coarsest cells hold the most photos: opening one is bounded work.
    static let coarsestMapCellLevel = (0...64).first { PhotoLibrary.isMapCell(level: $0, x: 0, y: 0) } ?? 0

    /// Every route's declaration. A new route is a case of `Route`, its address in
    /// `Route.addresses`, and its line here.
    var declaration: RouteDeclaration {
        switch self {
        case .home: RouteDeclaration.get("/") { try DestinationsController(app: $0, context: $1).list() }.kept
        case .destination(let id): RouteDeclaration.get("/destinations/\(id)") { try DestinationsController(app: $0, context: $1).show(id: id) }.kept
        case .destinationImage(let id): .get("/destinations/\(id)/image") { try DestinationsController(app: $0, context: $1).image(id: id) }
        case .chooseDestination(let id): .post("/destinations/\(id)/choose") { try DestinationsController(app: $0, context: $1).choose(id: id) }
        case .eventsBook(let page): .get("/trip/events/\(page)") { try BookController(app: $0, context: $1).page(page) }
        case .eventCopy(let page): .get("/trip/events/\(page)/copy") { try BookController(app: $0, context: $1).copy(page) }
        case .eventCopyStatus(let page): .get("/trip/events/\(page)/copy-status") { try BookController(app: $0, context: $1).copyStatus(page) }
        case .bookSettings: .post("/trip/book-settings") { try BookController(app: $0, context: $1).saveSettings() }
        case .weather: .get("/trip/weather") { try BookController(app: $0, context: $1).weather() }
        case .tripMap: RouteDeclaration.get("/trip/map") { try BookController(app: $0, context: $1).map() }.kept
        case .weatherCopy: .get("/trip/weather/copy") { try BookController(app: $0, context: $1).weatherCopy() }
        case .tripKeepListPart(let from):
            RouteDeclaration.get("/trip/offline" + Route.query("from", from > 0 ? String(from) : nil)) {
                try OfflineController(app: $0, context: $1).tripList(from: from)
            }.bounded(.keepList)
        case .samplePage(let page): .get("/sample/pages/\(page)", public: true) { try BookController(app: $0, context: $1).samplePage(page) }
        case .eventsEditorPage(let page):
            RouteDeclaration("/trip/events/edit" + Route.query("page", page > 1 ? String(page) : nil),
                             get: { try EventsEditorController(app: $0, context: $1).editor(page: page) },
                             post: { try EventsEditorController(app: $0, context: $1).add(from: page) })
        case .eventRemoval(let page): .post("/trip/events/\(page)/remove") { try EventsEditorController(app: $0, context: $1).remove(page) }
        case .eventMove(let page): .post("/trip/events/\(page)/move") { try EventsEditorController(app: $0, context: $1).move(page) }
        case .signIn(let next):
            RouteDeclaration("/signin" + Route.query("next", next), public: true,
                             get: { try SignInController(app: $0, context: $1).form(next: next) },
                             post: { try SignInController(app: $0, context: $1).signIn(next: next) })
        case .signOut: .post("/signout") { try SignInController(app: $0, context: $1).signOut() }
        case .setup(let token):
            RouteDeclaration("/setup" + Route.query("token", token), public: true,
                             get: { try SetupController(app: $0, context: $1).form(token: token) },
                             post: { try SetupController(app: $0, context: $1).createOwner() })
        case .account: .get("/account") { try AccountController(app: $0, context: $1).show() }
        case .accountPassword: .post("/account/password") { try AccountController(app: $0, context: $1).changePassword() }
        case .accounts:
            RouteDeclaration("/accounts", get: { try AccountsController(app: $0, context: $1).list() },
                             post: { try AccountsController(app: $0, context: $1).add() })
        case .accountRemoval(let id): .post("/accounts/\(id)/remove") { try AccountsController(app: $0, context: $1).remove(id) }
        case .accountPasswordReset(let id): .post("/accounts/\(id)/password") { try AccountsController(app: $0, context: $1).resetPassword(id) }
        case .places(let order, let after):
            RouteDeclaration.get("/places" + (order == .byPhotoCount ? "?order=top" + (after.map { "&after=\($0)" } ?? "") : "")) {
                try PlacesController(app: $0, context: $1).places(order: order, after: after)
            }.kept
        case .placesInCountry(let code, let after):
            RouteDeclaration.get("/places/countries/\(code)" + Route.query("after", after.map(String.init))) {
                try PlacesController(app: $0, context: $1).country(code, after: after)
            }.kept
        case .placePhotos(let collection, let after):
            RouteDeclaration.get((collection.placeID.map { "/places/\($0)" } ?? "/places/none") + Route.query("after", after.map(String.init))) {
                try PlacesController(app: $0, context: $1).photos(in: collection, after: after)
            }.kept
        case .findPlaces(let query): .get("/find" + Route.query("q", query)) { try PlacesController(app: $0, context: $1).find(query: query) }
        case .photo(let id, let inRecents):
            RouteDeclaration("/photos/\(id)" + (inRecents ? "?from=recents" : ""),
                             get: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: true) },
                             head: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: false) })
        case .photoImage(let id, let size): .get("/photos/\(id)/\(size.rawValue)") { try PhotoController(app: $0, context: $1).image(id: id, size: size) }
        case .photoPlace(let id, let query):
            RouteDeclaration("/photos/\(id)/place" + Route.query("q", query),
                             get: { try PhotoController(app: $0, context: $1).placeSearch(id: id, query: query) },
                             post: { try PhotoController(app: $0, context: $1).setPlace(id: id) })
        case .recents: .get("/recents") { try PhotoController(app: $0, context: $1).recents() }
        case .photoMap: RouteDeclaration.get("/map") { try PhotoMapController(app: $0, context: $1).page() }.kept
        case .photoMapCell(let level, let x, let y):
            RouteDeclaration.get("/map/cells/\(level)-\(x)-\(y)") { try PhotoMapController(app: $0, context: $1).cell(level: level, x: x, y: y) }
                .kept.bounded(.mapCell, for: level == Route.coarsestMapCellLevel ? ["GET", "HEAD"] : [])
        case .photoMapData(let bbox, let zoom):
            RouteDeclaration.get("/map/photos" + Route.query([("bbox", bbox), ("zoom", zoom)])) {
                try PhotoMapController(app: $0, context: $1).data(bbox: bbox, zoom: zoom)
            }.kept
        case .upload:
            RouteDeclaration("/upload", get: { try UploadController(app: $0, context: $1).form() },
                             post: { try UploadController(app: $0, context: $1).upload() }, postBody: .spooled).bounded(.upload, for: ["POST"])
        case .uploadFile(let name):
            RouteDeclaration("/upload/file" + Route.query("name", name), post: { try UploadController(app: $0, context: $1).uploadFile() }, postBody: .spooled)
                .bounded(.upload, for: ["POST"])
        case .vacations: .get("/vacations") { try VacationsController(app: $0, context: $1).list() }
        case .newVacation:
            RouteDeclaration("/vacations/new", get: { try VacationsController(app: $0, context: $1).newForm() },
                             post: { try VacationsController(app: $0, context: $1).add() })
        case .vacationImport:
            RouteDeclaration("/vacations/import", get: { try VacationsController(app: $0, context: $1).importForm() },
                             post: { try VacationsController(app: $0, context: $1).importDocument() }, postBody: .spooled).bounded(.upload, for: ["POST"])
        case .vacation(let id): .get("/vacations/\(id)") { try VacationsController(app: $0, context: $1).menu(id) }
        case .vacationRename(let id): .post("/vacations/\(id)/rename") { try VacationsController(app: $0, context: $1).rename(id) }
        case .vacationRemoval(let id):
            RouteDeclaration("/vacations/\(id)/remove", get: { try VacationsController(app: $0, context: $1).removalConfirmation(id) },
                             post: { try VacationsController(app: $0, context: $1).remove(id) })
        case .vacationExport(let id):
            RouteDeclaration("/vacations/\(id)/export", get: { try VacationsController(app: $0, context: $1).export(id) },
                             head: { try VacationsController(app: $0, context: $1).exportHead(id) }).bounded(.export)
        case .vacationItinerary(let id): .get("/vacations/\(id)/itinerary") { try VacationBrowseController(app: $0, context: $1).itinerary(id) }
        case .vacationTags(let id, let query):
            .get("/vacations/\(id)/tags" + Route.query("q", query)) { try VacationBrowseController(app: $0, context: $1).tags(id, query: query) }
        case .vacationPhotos(let id, let filter):
            .get("/vacations/\(id)/photos" + Route.filterQuery(filter)) { try VacationBrowseController(app: $0, context: $1).photos(id, filter: filter) }
        case .vacationPhoto(let id, let photo, let filter):
            .get("/vacations/\(id)/photos/\(photo)" + Route.filterQuery(filter)) {
                try VacationBrowseController(app: $0, context: $1).photo(id, photo: photo, filter: filter)
            }
        case .vacationPhotoRemoval(let id, let photo, let filter):
            RouteDeclaration("/vacations/\(id)/photos/\(photo)/remove" + Route.filterQuery(filter),
                             get: { try VacationBrowseController(app: $0, context: $1).photoRemovalConfirmation(id, photo: photo, filter: filter) },
                             post: { try VacationBrowseController(app: $0, context: $1).removePhoto(id, photo: photo, filter: filter) })
        case .vacationPhotoImage(let id, let photo, let size):
            .get("/vacations/\(id)/photos/\(photo)/\(size.rawValue)") { try VacationBrowseController(app: $0, context: $1).image(id, photo: photo, size: size) }
        case .vacationBook(let id, let page): .get("/vacations/\(id)/book/\(page)") { try VacationBrowseController(app: $0, context: $1).book(id, page: page) }
        case .vacationKeepListPart(let id, let from):
            RouteDeclaration.get("/vacations/\(id)/offline" + Route.query("from", from > 0 ? String(from) : nil)) {
                try OfflineController(app: $0, context: $1).vacationList(id, from: from)
            }.bounded(.keepList)
        case .visit(let photo):
            RouteDeclaration("/photos/\(photo)/visit", get: { try VisitController(app: $0, context: $1).visitChoice(photo) },
                             post: { try VisitController(app: $0, context: $1).visit(photo) })
        case .unvisit(let photo):
            RouteDeclaration("/photos/\(photo)/unvisit", get: { try VisitController(app: $0, context: $1).unvisitChoice(photo) },
                             post: { try VisitController(app: $0, context: $1).unvisit(photo) })
        case .photoTags(let photo): .post("/photos/\(photo)/tags") { try VisitController(app: $0, context: $1).tags(photo) }
        case .flickrPlaces: .get("/flickr") { try FlickrController(app: $0, context: $1).places() }
        case .flickrPlace(let id): .get("/flickr/places/\(id)") { try FlickrController(app: $0, context: $1).place(id) }
        case .flickrPhoto(let id, let place, let inRecents):
            RouteDeclaration("/flickr/photos/\(id)" + (inRecents ? "?from=recents" : Route.query("place", place)),
                             get: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: true) },
                             head: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: false) })
        case .flickrImage(let id, let size): .get("/flickr/photos/\(id)/\(size.rawValue)") { try FlickrController(app: $0, context: $1).image(id, size: size) }
        case .flickrVisit(let id):
            RouteDeclaration("/flickr/photos/\(id)/visit", get: { try FlickrController(app: $0, context: $1).visitChoice(id) },
                             post: { try FlickrController(app: $0, context: $1).visit(id) })
        case .flickrUnvisit(let id):
            RouteDeclaration("/flickr/photos/\(id)/unvisit", get: { try FlickrController(app: $0, context: $1).unvisitChoice(id) },
                             post: { try FlickrController(app: $0, context: $1).unvisit(id) })
        case .settings:
            RouteDeclaration("/settings", get: { try SettingsController(app: $0, context: $1).settings() },
                             post: { try SettingsController(app: $0, context: $1).save() })
        case .asset(let name):
            .beforeSession("/static/\(name)") { app, request in
                guard let response = app.assets.response(for: name, request: request) else { throw HTTPError.notFound() }
                return response
            }
        case .health: .beforeSession("/healthz") { app, _ in app.health() }
        case .serviceWorker: .beforeSession("/service-worker.js") { app, request in try app.assets.serviceWorkerResponse(for: request) }
        case .offline: .get("/offline", public: true) { app, context in OfflineController(app: app, context: context).offlinePage() }
        case .formToken: .get("/session/form-token") { try OfflineController(app: $0, context: $1).formToken() }
        }
    }
}
