import Foundation
import HTTPServer
import RoadTrip

/// A request on its way through the pipeline (`RequestPipeline`), with what its steps have
/// found so far: the route it names, then its session, its form or upload.
struct Exchange {
    let request: Request
    let route: Route
    let declaration: RouteDeclaration
    /// The database's state when the session was read: the page is read at the same one.
    var stamp: UInt64? = nil
    var session: Session? = nil
    /// The pre-session token the browser sent back, when it is one RoadTrip issued.
    var presentedToken: String? = nil
    /// The token the page's forms must send back: the session's, the presented one, or a new one.
    var formToken = ""
    var form = Form()
    var upload: Upload? = nil
    /// The share link the address is under (`RequestPipeline.openLink`).
    var link: OpenedLink? = nil
    /// This request is a browser's opening of its link: counted, and the browser marked for the half hour.
    var opensLink = false

    /// The request and the route it names; a 404 when it names none.
    init(_ request: Request) throws(HTTPError) {
        guard let route = Route(path: request.path, query: request.query) else { throw HTTPError.notFound() }
        self.request = request
        self.route = route
        self.declaration = route.declaration
    }

    /// A new token goes to the browser as the pre-session cookie.
    var formTokenIsNew: Bool { session == nil && presentedToken == nil }

    func context(in app: App) -> RequestContext {
        RequestContext(
            request: request, session: session, form: form, formToken: formToken, formTokenIsNew: formTokenIsNew,
            clientAddress: app.proxies.client(of: request),
            uploadToken: session.map { app.tokens.uploadToken(forFormToken: $0.csrfToken) }, upload: upload, link: link
        )
    }

    /// The upload's files are gone once the request is answered: imported ones were moved into the library.
    func removeUpload() {
        if let folder = upload?.folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
