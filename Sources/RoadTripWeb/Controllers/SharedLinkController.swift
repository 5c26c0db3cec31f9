import HTML
import HTTPServer
import RoadTrip

/// A vacation opened by its share link, for a guest without an account: the owner's screens,
/// read-only (`VacationBrowseController` on a link's `VacationOpening`), and the password a
/// link may ask for first. The pipeline found the link (`RequestPipeline.openLink`).
struct SharedLinkController: Controller {
    let app: App
    let context: RequestContext

    var browse: VacationBrowseController { VacationBrowseController(app: app, context: context) }

    /// The vacation the link opens; the pipeline answered already for a link that is unknown,
    /// ended or locked.
    private var opening: VacationOpening {
        get throws { try opened(counted: true) }
    }

    /// `counted` false for a screen that shows neither the vacation's count of photos nor its dates.
    private func opened(counted: Bool) throws -> VacationOpening {
        guard let link = context.link, !link.locked else { throw HTTPError.notFound("There is no such link.") }
        return try VacationOpening.link(link.shared, token: link.token, counted: counted)
    }

    func menu() throws -> Response { try browse.menu(try opening) }
    func itinerary() throws -> Response { try browse.itinerary(try opening) }
    func tags(query: String?) throws -> Response { try browse.tags(try opening, query: query) }
    func photos(_ filter: VacationPhotoFilter) throws -> Response { try browse.photos(try opening, filter: filter) }
    func photo(_ photo: Int64, filter: VacationPhotoFilter) throws -> Response {
        try browse.photo(try opened(counted: false), photo: photo, filter: filter)
    }
    func image(_ photo: Int64, size: PhotoImageSize) throws -> Response {
        try browse.image(try opened(counted: false), photo: photo, size: size)
    }
    func video(_ photo: Int64) throws -> Response { try browse.video(try opened(counted: false), photo: photo) }
    func book(page: Int) throws -> Response { try browse.book(try opening, page: page) }
    func printedBook() throws -> Response { try PrintedBookController(app: app, context: context).linkPDF(try opening) }

    /// Add to Home Screen for the shared vacation: its name, opening at the link.
    func manifest() throws -> Response {
        let opening = try opening
        let bytes = try AppManifest.json(start: opening.addresses.menu.path, name: opening.vacation.name) { app.assets.route($0).path }
        return Response(headers: ["Content-Type": "application/manifest+json"], body: .bytes(bytes))
    }

    /// The password checked (throttled by link and by address): this browser then keeps a proof
    /// of it for this link's addresses alone, and goes on to the vacation.
    func unlock() throws -> Response {
        guard let link = context.link else { throw HTTPError.notFound("There is no such link.") }
        let menu = Route.sharedVacation(link.token).path
        guard link.locked else { return .redirect(to: menu) }
        do {
            let proof = try app.library.sharing.unlock(link.shared, password: context.field("password"), address: context.clientAddress)
            var response = Response.redirect(to: menu)
            var cookie = SetCookie(
                name: Cookies.linkUnlock, value: proof, maxAge: Cookies.linkLifetime(of: link.shared.link, now: app.library.clock.now()),
                secure: app.secureCookies)
            cookie.path = menu
            response.headers.add("Set-Cookie", cookie.headerValue)
            return response
        } catch let error as SharingError {
            var status = Status.forbidden
            if case .tooManyAttempts = error { status = .tooManyRequests }
            return Self.passwordPage(app: app, context: context, token: link.token, error: error.description, status: status)
        }
    }

    /// A locked link's only page: its password form, which names nothing of the vacation.
    static func passwordPage(app: App, context: RequestContext, token: ShareToken, error: String? = nil, status: Status = .forbidden)
        -> Response
    {
        app.page(
            PageFrame(title: "A shared vacation", screen: .detail, master: nil, detail: SharedPasswordView(token: token, error: error)),
            context: context, status: status)
    }
}
