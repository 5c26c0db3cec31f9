import Crypto
import HTTPServer
import RoadTrip

/// Every request's way through RoadTrip, as named steps. Before the action each step reads the
/// request and what the steps before it found, and may answer at once (a refusal, a static file,
/// the way to sign in); the action runs bounded and through the page cache; the finishing steps
/// add what every answer carries. Each step has its own tests (`RequestPipelineTests`).
enum RequestPipeline {
    typealias Step = @Sendable (App, inout Exchange) throws -> Response?
    typealias Finish = @Sendable (App, Exchange, inout Response) -> Void

    static let steps: [(name: String, step: Step)] = [
        ("host", checkHost),
        ("method", checkMethod),
        ("before the session", answerBeforeSession),
        ("session", findSession),
        ("share link", openLink),
        ("upload admission", admitUpload),
        ("CSRF", verifyForm),
        ("gate", gate),
    ]

    static let finishing: [(name: String, finish: Finish)] = [
        ("form cookie", setFormCookie),
        ("account", nameAccount),
        ("share link", markLinkOpening),
    ]

    /// The answer to `request`: its route's action, after the steps, then finished.
    static func answer(_ request: Request, in app: App) throws -> Response {
        var exchange = try Exchange(request)
        defer { exchange.removeUpload() }
        for (_, step) in steps {
            if let answer = try step(app, &exchange) { return answer }
        }
        var response = try act(app, exchange)
        for (_, finish) in finishing { finish(app, exchange, &response) }
        return response
    }

    /// Only the hosts RoadTrip answers to; a load balancer's health check may name the machine however it likes.
    static func checkHost(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        if exchange.route != .health, !app.hosts.allows(exchange.request.headers["Host"]) { throw HTTPError.misdirected }
        return nil
    }

    /// Only the methods the route declares (405 with `Allow` otherwise).
    static func checkMethod(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        guard exchange.declaration.methods.contains(exchange.request.method) else {
            throw HTTPError.methodNotAllowed(allowed: exchange.declaration.methods)
        }
        return nil
    }

    /// Static files, the service worker and the health check answer from the request alone.
    static func answerBeforeSession(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        try exchange.declaration.beforeSession.map { try $0(app, exchange.request) }
    }

    /// The session the cookie names, read at one stamp with the page, and the form token its
    /// forms carry: the session's, or the pre-session token the browser presented, or a new one.
    static func findSession(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        let request = exchange.request
        exchange.stamp = app.library.database.changeStamp()
        exchange.session = try request.cookies[Cookies.session].flatMap {
            try app.authenticator.sessions.session(token: $0, stamp: exchange.stamp)
        }
        exchange.presentedToken = request.cookies[Cookies.form].flatMap { app.tokens.isGenuinePreSessionToken($0) ? $0 : nil }
        exchange.formToken = exchange.session?.csrfToken ?? exchange.presentedToken ?? app.tokens.issuePreSessionToken()
        return nil
    }

    /// An address under a share link (`/s/<token>/…`) opens that link's vacation and nothing
    /// else, whoever asks (a session changes nothing here): an unknown link is 404, an ended one
    /// 410, a locked one shows its password form until the browser proves it gave the password.
    static func openLink(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        guard let token = exchange.route.shareToken else { return nil }
        let request = exchange.request
        switch try app.library.sharing.open(token, proof: request.cookies[Cookies.linkUnlock], stamp: exchange.stamp) {
        case .unknown:
            throw HTTPError.notFound("There is no such link. Check that it was copied whole.")
        case .ended:
            throw HTTPError(status: .gone, message: "Its owner stopped sharing it, or it expired. Ask them for a new link.")
        case .needsPassword(let shared):
            exchange.link = OpenedLink(shared: shared, token: token, locked: true)
            guard exchange.route == .sharedPassword(token) else {
                var response = SharedLinkController.passwordPage(app: app, context: exchange.context(in: app), token: token)
                setFormCookie(app, exchange, &response)
                response.logPath = Route.pathForLog(request.path, link: shared.link.id)
                return response
            }
        case .open(let shared):
            exchange.link = OpenedLink(shared: shared, token: token, locked: false)
            // An opening is a browser's pages of the link within half an hour: the first page counts it.
            if request.method == "GET", request.cookies[Cookies.linkSeen] == nil,
                exchange.route == .sharedVacation(token) || isPage(exchange.route)
            {
                try app.library.sharing.recordOpening(of: shared.link.id)
                exchange.opensLink = true
            }
        }
        return nil
    }

    private static func isPage(_ route: Route) -> Bool {
        switch route {
        case .sharedItinerary, .sharedTags, .sharedPhotos, .sharedPhoto, .sharedBook: true
        default: false
        }
    }

    /// An upload's body is read only for a signed-in session (it is large and parsed from disk),
    /// and only with the session's token.
    static func admitUpload(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        if exchange.request.bodyFile != nil, exchange.session == nil {
            throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was imported.")
        }
        if let session = exchange.session, exchange.request.method == "POST", exchange.declaration.postBody == .spooled {
            exchange.upload = try CSRFGuard.verifiedUpload(
                exchange.request, expectedToken: session.csrfToken, fileName: exchange.request.queryValue("name"),
                folder: app.newUploadFolder()
            )
        }
        return nil
    }

    /// Every other change carries the page's form token, from this site (`CSRFGuard`).
    static func verifyForm(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        guard exchange.upload == nil, !exchange.request.isGetOrHead else { return nil }
        exchange.form = try CSRFGuard.verifiedForm(exchange.request, expectedToken: exchange.session?.csrfToken ?? exchange.presentedToken)
        return nil
    }

    /// A private route without a session: a page goes to sign in and back; a change is refused.
    static func gate(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        guard !exchange.declaration.isPublic, exchange.session == nil else { return nil }
        let request = exchange.request
        guard request.isGetOrHead else { throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was changed.") }
        var response = Response.redirect(to: Route.signIn(next: SafeRedirect.requestTarget(request)).path)
        // A session that ended on the server (signed out elsewhere, expired, its password
        // reset): what this browser kept for it goes too, as at sign-out.
        if request.cookies[Cookies.session] != nil { response.headers["Clear-Site-Data"] = Cookies.clearKeptData }
        return response
    }

    /// The route's action: bounded where it is long work, and through the page cache where the
    /// route's page is cached (a page cached from before costs nothing, so it is not bounded).
    static func act(_ app: App, _ exchange: Exchange) throws -> Response {
        let method = exchange.request.method
        guard let action = exchange.declaration.action(for: method) else {
            throw HTTPError.methodNotAllowed(allowed: exchange.declaration.methods)
        }
        let context = exchange.context(in: app)
        let bound = exchange.declaration.bound(for: method)
        let answer = { try bound.map { kind in try app.work.run(kind) { try action(app, context) } } ?? action(app, context) }
        // A link's pages are kept per link, never with a session's; a session's per session.
        guard exchange.declaration.cachesPages,
            let owner = exchange.link.map(PageCache.owner(link:)) ?? exchange.session.map(PageCache.owner(session:))
        else {
            return try answer()
        }
        // A page with the owner's backup warning is another page: kept apart, so that a warning
        // that comes with the clock (a backup overdue) is never hidden by a page kept before it.
        return try app.pages.page(
            at: exchange.declaration.address, for: exchange.request, of: owner,
            warnsOfBackups: app.backupWarning(for: exchange.session) != nil, stamp: exchange.stamp, render: answer)
    }

    /// A new pre-session token goes to the browser as its cookie.
    static func setFormCookie(_ app: App, _ exchange: Exchange, _ response: inout Response) {
        if exchange.formTokenIsNew { Cookies.set(Cookies.form, exchange.formToken, maxAge: nil, secure: app.secureCookies, on: &response) }
    }

    /// An opening's first page marks the browser for the half hour; the log names the link by its number;
    /// the service worker is told whose pages these are.
    static func markLinkOpening(_ app: App, _ exchange: Exchange, _ response: inout Response) {
        guard let link = exchange.link else { return }
        response.logPath = Route.pathForLog(exchange.request.path, link: link.shared.link.id)
        // The service worker keeps a link's pages under the link, as an account's under the account.
        if !link.locked { response.headers[Cookies.accountHeader] = app.tokens.keepKey(ofLink: link.shared.link.id) }
        if exchange.opensLink {
            var cookie = SetCookie(name: Cookies.linkSeen, value: "1", maxAge: Cookies.linkOpening, secure: app.secureCookies)
            cookie.path = Route.sharedVacation(link.token).path
            response.headers.add("Set-Cookie", cookie.headerValue)
        }
    }

    /// Whose answer this is, for the service worker: it keeps an answer on the device only for that account.
    static func nameAccount(_ app: App, _ exchange: Exchange, _ response: inout Response) {
        // A link's pages are the link's, whoever opened them.
        if let session = exchange.session, exchange.link == nil {
            response.headers[Cookies.accountHeader] = app.tokens.keepKey(of: session.account.id)
        }
    }
}
