import Foundation
import HTTPServer
import RoadTrip

/// A request on its way through the pipeline (`RequestPipeline`), with what its steps have
/// found so far: the route it names, then its session, its form or upload.
struct Exchange {
    let request: Request
    private var matched: (route: Route, declaration: RouteDeclaration)? = nil
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

    init(_ request: Request) {
        self.request = request
    }

    /// Finds the route the address names (the pipeline's route step); a 404 when it names none.
    mutating func matchRoute() throws(HTTPError) {
        guard let route = Route(path: request.path, query: request.query) else { throw HTTPError.notFound() }
        matched = (route, route.declaration)
    }

    /// The route the address names: the steps after the route step have it; before it, the
    /// request is as good as one that names none.
    var route: Route {
        get throws(HTTPError) {
            guard let matched else { throw HTTPError.notFound() }
            return matched.route
        }
    }

    var declaration: RouteDeclaration {
        get throws(HTTPError) {
            guard let matched else { throw HTTPError.notFound() }
            return matched.declaration
        }
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
