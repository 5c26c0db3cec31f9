import HTTPServer
import RoadTrip

/// What one route answers, declared once: its action for GET (HEAD answers the same without
/// the body, unless the route says otherwise), its action for POST, and how a POST's body is
/// read. The methods it allows, the dispatch and which bodies go to a file all come from here,
/// so no action asks which method it was called for.
struct RouteActions {
    typealias Action = (App, RequestContext) throws -> Response

    /// How a POST's body arrives: a small form in memory, or a large upload streamed to a file
    /// (multipart, or one file as the whole body) before the action sees it.
    enum Body {
        case form, spooled
    }

    var get: Action?
    var head: Action?
    var post: Action?
    var postBody = Body.form
    /// A GET (and HEAD) answered from the request alone, before any session is looked up: the
    /// static files and the health check.
    var beforeSession: ((App, Request) throws -> Response)?

    static func get(_ action: @escaping Action) -> RouteActions {
        RouteActions(get: action)
    }

    static func post(_ action: @escaping Action) -> RouteActions {
        RouteActions(post: action)
    }

    static func beforeSession(_ answer: @escaping (App, Request) throws -> Response) -> RouteActions {
        RouteActions(beforeSession: answer)
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
    /// Every route's actions. A new route is a case of `Route`, its address (parsed and built in
    /// Route.swift) and its line here.
    var actions: RouteActions {
        switch self {
        case .home: .get { try DestinationsController(app: $0, context: $1).list() }
        case .destination(let id): .get { try DestinationsController(app: $0, context: $1).show(id: id) }
        case .destinationImage(let id): .get { try DestinationsController(app: $0, context: $1).image(id: id) }
        case .chooseDestination(let id): .post { try DestinationsController(app: $0, context: $1).choose(id: id) }
        case .eventsBook(let page): .get { try BookController(app: $0, context: $1).page(page) }
        case .eventCopy(let page): .get { try BookController(app: $0, context: $1).copy(page) }
        case .eventCopyStatus(let page): .get { try BookController(app: $0, context: $1).copyStatus(page) }
        case .bookSettings: .post { try BookController(app: $0, context: $1).saveSettings() }
        case .weather: .get { try BookController(app: $0, context: $1).weather() }
        case .samplePage(let page): .get { try BookController(app: $0, context: $1).samplePage(page) }
        case .eventsEditor:
            RouteActions(get: { try EventsEditorController(app: $0, context: $1).editor() },
                         post: { try EventsEditorController(app: $0, context: $1).add() })
        case .eventRemoval(let page): .post { try EventsEditorController(app: $0, context: $1).remove(page) }
        case .eventMove(let page): .post { try EventsEditorController(app: $0, context: $1).move(page) }
        case .signIn(let next):
            RouteActions(get: { try SignInController(app: $0, context: $1).form(next: next) },
                         post: { try SignInController(app: $0, context: $1).signIn(next: next) })
        case .signOut: .post { try SignInController(app: $0, context: $1).signOut() }
        case .setup(let token):
            RouteActions(get: { try SetupController(app: $0, context: $1).form(token: token) },
                         post: { try SetupController(app: $0, context: $1).createOwner() })
        case .account: .get { try AccountController(app: $0, context: $1).show() }
        case .accountPassword: .post { try AccountController(app: $0, context: $1).changePassword() }
        case .accounts:
            RouteActions(get: { try AccountsController(app: $0, context: $1).list() },
                         post: { try AccountsController(app: $0, context: $1).add() })
        case .accountRemoval(let id): .post { try AccountsController(app: $0, context: $1).remove(id) }
        case .accountPasswordReset(let id): .post { try AccountsController(app: $0, context: $1).resetPassword(id) }
        case .places(let order): .get { try PlacesController(app: $0, context: $1).places(order: order) }
        case .placePhotos(let collection, let after): .get { try PlacesController(app: $0, context: $1).photos(in: collection, after: after) }
        case .findPlaces(let query): .get { try PlacesController(app: $0, context: $1).find(query: query) }
        case .photo(let id, let inRecents):
            RouteActions(get: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: true) },
                         head: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: false) })
        case .photoImage(let id, let size): .get { try PhotoController(app: $0, context: $1).image(id: id, size: size) }
        case .photoPlace(let id, let query):
            RouteActions(get: { try PhotoController(app: $0, context: $1).placeSearch(id: id, query: query) },
                         post: { try PhotoController(app: $0, context: $1).setPlace(id: id) })
        case .recents: .get { try PhotoController(app: $0, context: $1).recents() }
        case .upload:
            RouteActions(get: { try UploadController(app: $0, context: $1).form() },
                         post: { try UploadController(app: $0, context: $1).upload() }, postBody: .spooled)
        case .uploadFile: RouteActions(post: { try UploadController(app: $0, context: $1).uploadFile() }, postBody: .spooled)
        case .vacations: .get { try VacationsController(app: $0, context: $1).list() }
        case .newVacation:
            RouteActions(get: { try VacationsController(app: $0, context: $1).newForm() },
                         post: { try VacationsController(app: $0, context: $1).add() })
        case .vacationImport:
            RouteActions(get: { try VacationsController(app: $0, context: $1).importForm() },
                         post: { try VacationsController(app: $0, context: $1).importDocument() }, postBody: .spooled)
        case .vacation(let id): .get { try VacationsController(app: $0, context: $1).menu(id) }
        case .vacationRename(let id): .post { try VacationsController(app: $0, context: $1).rename(id) }
        case .vacationRemoval(let id):
            RouteActions(get: { try VacationsController(app: $0, context: $1).removalConfirmation(id) },
                         post: { try VacationsController(app: $0, context: $1).remove(id) })
        case .vacationExport(let id):
            RouteActions(get: { try VacationsController(app: $0, context: $1).export(id) },
                         head: { try VacationsController(app: $0, context: $1).exportHead(id) })
        case .vacationItinerary(let id): .get { try VacationBrowseController(app: $0, context: $1).itinerary(id) }
        case .vacationTags(let id, let query): .get { try VacationBrowseController(app: $0, context: $1).tags(id, query: query) }
        case .vacationPhotos(let id, let filter): .get { try VacationBrowseController(app: $0, context: $1).photos(id, filter: filter) }
        case .vacationPhoto(let id, let photo, let filter):
            .get { try VacationBrowseController(app: $0, context: $1).photo(id, photo: photo, filter: filter) }
        case .vacationPhotoRemoval(let id, let photo, let filter):
            RouteActions(get: { try VacationBrowseController(app: $0, context: $1).photoRemovalConfirmation(id, photo: photo, filter: filter) },
                         post: { try VacationBrowseController(app: $0, context: $1).removePhoto(id, photo: photo, filter: filter) })
        case .vacationPhotoImage(let id, let photo, let size):
            .get { try VacationBrowseController(app: $0, context: $1).image(id, photo: photo, size: size) }
        case .vacationBook(let id, let page): .get { try VacationBrowseController(app: $0, context: $1).book(id, page: page) }
        case .visit(let photo):
            RouteActions(get: { try VisitController(app: $0, context: $1).visitChoice(photo) },
                         post: { try VisitController(app: $0, context: $1).visit(photo) })
        case .unvisit(let photo):
            RouteActions(get: { try VisitController(app: $0, context: $1).unvisitChoice(photo) },
                         post: { try VisitController(app: $0, context: $1).unvisit(photo) })
        case .photoTags(let photo): .post { try VisitController(app: $0, context: $1).tags(photo) }
        case .flickrPlaces: .get { try FlickrController(app: $0, context: $1).places() }
        case .flickrPlace(let id): .get { try FlickrController(app: $0, context: $1).place(id) }
        case .flickrPhoto(let id, let place, let inRecents):
            RouteActions(get: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: true) },
                         head: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: false) })
        case .flickrImage(let id, let size): .get { try FlickrController(app: $0, context: $1).image(id, size: size) }
        case .flickrVisit(let id):
            RouteActions(get: { try FlickrController(app: $0, context: $1).visitChoice(id) },
                         post: { try FlickrController(app: $0, context: $1).visit(id) })
        case .flickrUnvisit(let id):
            RouteActions(get: { try FlickrController(app: $0, context: $1).unvisitChoice(id) },
                         post: { try FlickrController(app: $0, context: $1).unvisit(id) })
        case .settings:
            RouteActions(get: { try SettingsController(app: $0, context: $1).settings() },
                         post: { try SettingsController(app: $0, context: $1).save() })
        case .asset(let name):
            .beforeSession { app, request in
                guard let response = app.assets.response(for: name, request: request) else { throw HTTPError.notFound() }
                return response
            }
        case .health: .beforeSession { app, _ in app.health() }
        }
    }
}
