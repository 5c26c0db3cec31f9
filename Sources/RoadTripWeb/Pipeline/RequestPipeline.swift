import Crypto
import HTTPServer
import RoadTrip

/// Every request's way through RoadTrip, as named steps, the way middleware wraps a handler.
/// On the way in, a step reads the request and what the steps before it found, and may answer
/// at once (a refusal, a static file, the way to sign in); the route's action runs after the last
/// one, bounded and through the page cache. On the way out, every answer — the action's, an early
/// one, an error page — goes back through the steps it passed, each adding what it owes every
/// answer (its cookie, its headers). An error goes back to the error page's step, which makes it
/// the page the person sees. Each step has its own tests (`RequestPipelineTests`).
enum RequestPipeline {
    typealias Before = @Sendable (App, inout Exchange) throws -> Response?
    typealias After = @Sendable (App, Exchange, inout Response) -> Void
    typealias Recover = @Sendable (App, Exchange, any Error) -> Response

    /// One step: what it does on the way in, on the way out, and with an error from the steps after it.
    struct Step: Sendable {
        let name: String
        var before: Before? = nil
        var after: After? = nil
        var recover: Recover? = nil
    }

    /// Outermost first: a step's after-work runs for every answer from the steps below it.
    static let steps: [Step] = [
        Step(name: "share link headers", after: hideLinkAddress),
        Step(name: "security headers", after: addSecurityHeaders),
        Step(name: "error page", recover: showError),
        Step(name: "route", before: matchRoute),
        Step(name: "host", before: checkHost),
        Step(name: "method", before: checkMethod),
        Step(name: "before the session", before: answerBeforeSession),
        Step(name: "session", before: findSession),
        Step(name: "form cookie", after: setFormCookie),
        Step(name: "account", after: nameAccount),
        Step(name: "share link", before: openLink, after: markLinkOpening),
        Step(name: "upload admission", before: admitUpload),
        Step(name: "CSRF", before: verifyForm),
        Step(name: "gate", before: gate),
    ]

    /// The answer to `request`: every step's, in order, around its route's action.
    static func answer(_ request: Request, in app: App) -> Response {
        var exchange = Exchange(request)
        defer { exchange.removeUpload() }
        do {
            return try pass(app, &exchange, from: steps[...])
        } catch {
            // Only a list of steps without the error page's gets here.
            return app.failure(error, exchange)
        }
    }

    /// A refusal decided before the request reached the pipeline (an upload refused on its
    /// headers): finished as any error is, by the error page's step and the steps around it.
    static func refusal(_ error: any Error, answering request: Request, in app: App) -> Response {
        var exchange = Exchange(request)
        let refused = Step(name: "refused", before: { _, _ in throw error })
        let around = steps.prefix { $0.before == nil }
        return (try? pass(app, &exchange, from: (around + [refused])[...])) ?? app.failure(error, exchange)
    }

    /// The answer of `steps`' first step around those after it, and of the action after the last.
    static func pass(_ app: App, _ exchange: inout Exchange, from steps: ArraySlice<Step>) throws -> Response {
        guard let step = steps.first else { return try act(app, exchange) }
        var response: Response
        do {
            response = try step.before?(app, &exchange) ?? pass(app, &exchange, from: steps.dropFirst())
        } catch {
            guard let recover = step.recover else { throw error }
            response = recover(app, exchange, error)
        }
        step.after?(app, exchange, &response)
        return response
    }

    /// Every answer under a share link, its errors and unknown addresses included (`SecurityHeaders.applyUnderLink`).
    static func hideLinkAddress(_ app: App, _ exchange: Exchange, _ response: inout Response) {
        if exchange.request.path.hasPrefix(Route.linkPrefix) { SecurityHeaders.applyUnderLink(to: &response, path: exchange.request.path) }
    }

    /// What every answer carries (`SecurityHeaders`), error pages and redirects included.
    static func addSecurityHeaders(_ app: App, _ exchange: Exchange, _ response: inout Response) {
        SecurityHeaders.apply(app.securityHeaders, to: &response)
    }

    /// An error from any step after this one, or from the action, as the page the person sees (`App.failure`).
    static func showError(_ app: App, _ exchange: Exchange, _ error: any Error) -> Response {
        app.failure(error, exchange)
    }

    /// The route the address names, and what it declares; a 404 when it names none.
    static func matchRoute(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        try exchange.matchRoute()
        return nil
    }

    /// Only the hosts RoadTrip answers to; a load balancer's health check may name the machine however it likes.
    static func checkHost(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        if try exchange.route != .health, !app.hosts.allows(exchange.request.headers["Host"]) { throw HTTPError.misdirected }
        return nil
    }

    /// Only the methods the route declares (405 with `Allow` otherwise).
    static func checkMethod(_ app: App, _ exchange: inout Exchange) throws -> Response? {
        let methods = try exchange.declaration.methods
        guard methods.contains(exchange.request.method) else {
            throw HTTPError.methodNotAllowed(allowed: methods)
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
        guard let token = try exchange.route.shareToken else { return nil }
        let request = exchange.request
        switch try app.library.sharing.open(token, proof: request.cookies[Cookies.linkUnlock], stamp: exchange.stamp) {
        case .unknown:
            throw HTTPError.notFound("There is no such link. Check that it was copied whole.")
        case .ended:
            throw HTTPError(status: .gone, message: "Its owner stopped sharing it, or it expired. Ask them for a new link.")
        case .needsPassword(let shared):
            exchange.link = OpenedLink(shared: shared, token: token, locked: true)
            // Its finishing (the form's cookie, the log's link number) is the way out's.
            guard try exchange.route == .sharedPassword(token) else {
                return SharedLinkController.passwordPage(app: app, context: exchange.context(in: app), token: token)
            }
        case .open(let shared):
            exchange.link = OpenedLink(shared: shared, token: token, locked: false)
            // An opening is a browser's pages of the link within half an hour: the first page counts it.
            if request.method == "GET", request.cookies[Cookies.linkSeen] == nil,
                try exchange.route == .sharedVacation(token) || isPage(exchange.route)
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
        if let session = exchange.session, exchange.request.method == "POST", try exchange.declaration.postBody == .spooled {
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
        guard try !exchange.declaration.isPublic, exchange.session == nil else { return nil }
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
        let declaration = try exchange.declaration
        guard let action = declaration.action(for: method) else { throw HTTPError.methodNotAllowed(allowed: declaration.methods) }
        let context = exchange.context(in: app)
        let bound = declaration.bound(for: method)
        let answer = { try bound.map { kind in try app.work.run(kind) { try action(app, context) } } ?? action(app, context) }
        // A link's pages are kept per link, never with a session's; a session's per session.
        guard declaration.cachesPages,
            let owner = exchange.link.map(PageCache.owner(link:)) ?? exchange.session.map(PageCache.owner(session:))
        else {
            return try answer()
        }
        // A page with the owner's backup warning is another page: kept apart, so that a warning
        // that comes with the clock (a backup overdue) is never hidden by a page kept before it.
        return try app.pages.page(
            at: declaration.address, for: exchange.request, of: owner,
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
