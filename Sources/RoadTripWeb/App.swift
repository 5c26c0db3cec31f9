import Crypto
import Foundation
import HTML
import HTTPServer
import RoadTrip
import SQLDatabase

/// RoadTrip on the web: one pure function from `Request` to `Response`. Tests call it
/// without a socket; the server calls it from its threads.
public struct App: Sendable {
    let library: Library
    let assets: AssetCatalog
    /// Pictures of imported destinations, looked up before the bundled demo pictures.
    let destinationPictures: DestinationPictures
    /// Set `Secure` on cookies: RoadTrip is behind a TLS proxy.
    let secureCookies: Bool
    /// Saved copies of event pages; nil when RoadTrip is told never to fetch them.
    let copies: OfflineCopies?
    /// Flickr as a second photo source; its tab shows while it has an API key. Nil: no Flickr at all.
    let flickr: FlickrService?
    /// Which `Host`s RoadTrip answers to; any, for tests without a socket.
    let hosts: AllowedHosts
    /// The reverse proxies whose `X-Forwarded-For` names the client; none by default.
    let proxies: TrustedProxies
    let tokens: FormTokens
    let log: LogSink
    /// Pages kept until the database changes (`PageCache`).
    let pages: PageCache
    /// The tile server under the maps (`--map-tiles`); nil: the offline basemap, nothing from outside.
    let mapTiles: MapTiles?
    /// What every response carries (`SecurityHeaders`), its policy allowing `mapTiles`' host.
    let securityHeaders: Headers
    /// How many exports, keep lists, coarse map cells and uploads run at once (`BoundedWork`).
    let work: WorkAdmission

    public init(
        library: Library, assets: AssetCatalog, secureCookies: Bool = false, copies: OfflineCopies? = nil,
        flickr: FlickrService? = nil, hosts: AllowedHosts = .any, proxies: TrustedProxies = .none,
        log: @escaping LogSink = Server.standardError, pageCacheBytes: Int = PageCache.defaultMegabytes << 20, mapTiles: MapTiles? = nil,
        workLimits: WorkAdmission.Limits = .standard
    ) {
        self.work = WorkAdmission(limits: workLimits)
        self.mapTiles = mapTiles
        self.securityHeaders = SecurityHeaders.headers(tiles: mapTiles)
        self.pages = PageCache(bytes: pageCacheBytes)
        self.hosts = hosts
        self.proxies = proxies
        self.tokens = FormTokens(key: library.signingKey)
        self.flickr = flickr
        self.library = library
        self.assets = assets
        self.destinationPictures = App.destinationPictures(dataFolder: library.folder, assets: assets)
        self.secureCookies = secureCookies
        self.copies = copies
        self.log = log
    }

    /// Where pages find destinations' pictures; `roadtrip destinations import` checks a catalogue against the same.
    public static func destinationPictures(dataFolder: URL, assets: AssetCatalog) -> DestinationPictures {
        DestinationPictures(folders: [DestinationPictures.importedFolder(in: dataFolder), assets.destinationImages])
    }

    var catalog: DestinationCatalog { library.catalog }
    var authenticator: Authenticator { library.authenticator }

    public func respond(to request: Request) -> Response {
        var response: Response
        do {
            response = try handle(request)
        } catch {
            response = failure(error, answering: request)
        }
        SecurityHeaders.apply(securityHeaders, to: &response)
        return response
    }

    /// The page for a request that failed: its own status and message for an `HTTPError`, a
    /// page that shows no internals for anything else (the log gets the cause).
    func failure(_ error: any Error, answering request: Request) -> Response {
        let (status, message, allowed): (Status, String, [String])
        var retryAfter: Int? = nil
        if let error = error as? HTTPError {
            (status, message, allowed) = (error.status, error.message, error.allowed)
            retryAfter = error.retryAfter
        } else if let error = error as? DatabaseError, error.isUnavailable {
            // The database server is away (restarting, unreachable, too slow): nothing is wrong
            // with the request, and the page says so rather than hanging or showing an error.
            log("database unavailable: \(request.method) \(request.path): \(error)")
            var response = errorPage(status: .serviceUnavailable, message: Self.databaseAway, session: nil)
            response.headers["Retry-After"] = "5"
            return response
        } else {
            log("error: \(request.method) \(request.path): \(error)")
            (status, message, allowed) = (.internalServerError, "Something went wrong on our side. Please try again.", [])
        }
        // Signed in, the list stays beside the error, so the person can go on from there.
        let session = (try? request.cookies[Cookies.session].flatMap { try authenticator.sessions.session(token: $0) }) ?? nil
        var response = errorPage(status: status, message: message, session: hosts.allows(request.headers["Host"]) ? session : nil)
        if !allowed.isEmpty { response.headers["Allow"] = allowed.joined(separator: ", ") }
        if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
        return response
    }

    private func handle(_ request: Request) throws -> Response {
        guard let route = Route(path: request.path, query: request.query) else { throw HTTPError.notFound() }
        // A load balancer's health check may name the machine however it likes.
        if route != .health, !hosts.allows(request.headers["Host"]) { throw HTTPError.misdirected }
        let declaration = route.declaration
        guard declaration.methods.contains(request.method) else { throw HTTPError.methodNotAllowed(allowed: declaration.methods) }
        if let answer = declaration.beforeSession { return try answer(self, request) }

        // One stamp for the session and the page: both were read at the same state.
        let stamp = library.database.changeStamp()
        let session = try request.cookies[Cookies.session].flatMap { try authenticator.sessions.session(token: $0, stamp: stamp) }
        let presented = request.cookies[Cookies.form].flatMap { tokens.isGenuinePreSessionToken($0) ? $0 : nil }
        let formToken = session?.csrfToken ?? presented ?? tokens.issuePreSessionToken()
        // Uploads are read only for a signed-in session: their bodies are large and parsed from disk.
        if request.bodyFile != nil, session == nil { throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was imported.") }
        var form = try Form(urlEncoded: [])
        var upload: Upload? = nil
        if let session, request.method == "POST", declaration.postBody == .spooled {
            upload = try CSRFGuard.verifiedUpload(request, expectedToken: session.csrfToken, fileName: request.queryValue("name"), folder: uploadFolder())
        } else if !request.isGetOrHead {
            form = try CSRFGuard.verifiedForm(request, expectedToken: session?.csrfToken ?? presented)
        }
        defer { if let folder = upload?.folder { try? FileManager.default.removeItem(atPath: folder) } }
        guard declaration.isPublic || session != nil else {
            guard request.isGetOrHead else { throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was changed.") }
            var response = Response.redirect(to: Route.signIn(next: SafeRedirect.requestTarget(request)).path)
            // A session that ended on the server (signed out elsewhere, expired, its password
            // reset): what this browser kept for it goes too, as at sign-out.
            if request.cookies[Cookies.session] != nil { response.headers["Clear-Site-Data"] = Cookies.clearKeptData }
            return response
        }
        let context = RequestContext(
            request: request, session: session, form: form, formToken: formToken,
            formTokenIsNew: session == nil && presented == nil, clientAddress: proxies.client(of: request),
            uploadToken: session.map { tokens.uploadToken(forFormToken: $0.csrfToken) }, upload: upload
        )
        guard let action = declaration.action(for: request.method) else { throw HTTPError.methodNotAllowed(allowed: declaration.methods) }
        // Long work is bounded where it runs: a page kept from before costs nothing.
        let bound = declaration.bound(for: request.method)
        let answer = { try bound.map { kind in try work.run(kind) { try action(self, context) } } ?? action(self, context) }
        var response: Response
        if declaration.keepsPages, let session {
            response = try pages.page(at: declaration.path, for: request, of: session, stamp: stamp, render: answer)
        } else {
            response = try answer()
        }
        if context.formTokenIsNew {
            Cookies.set(Cookies.form, formToken, maxAge: nil, secure: secureCookies, on: &response)
        }
        // Whose answer this is, for the service worker: it keeps an answer only for that account.
        if let session { response.headers[Cookies.accountHeader] = tokens.keepKey(of: session.account.id) }
        return response
    }

    /// A new folder for one upload's files, beside the library so they can be imported without crossing file systems.
    private func uploadFolder() -> String {
        library.uploadsFolder.appendingPathComponent(SecureRandom.token(bytes: 12)).path
    }

    func page(_ frame: PageFrame, context: RequestContext?, status: Status = .ok) -> Response {
        let shell = Shell(frame: frame, assets: assets, viewer: context?.session.map { Viewer(session: $0, tokens: tokens) })
        var response = Response.html(bytes: shell.renderBytes(formToken: context?.formToken), status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private func errorPage(status: Status, message: String, session: Session?) -> Response {
        let menu = session.flatMap { try? self.menu(for: $0.account) }
        let frame = PageFrame(
            title: status == .notFound ? "Not found" : status.reason,
            screen: .detail,
            master: menu.map { MenuView(menu: $0) },
            detail: ErrorView(status: status, message: message)
        )
        let shell = Shell(frame: frame, assets: assets, viewer: session.map { Viewer(session: $0, tokens: tokens) })
        var response = Response.html(bytes: shell.renderBytes(formToken: session?.csrfToken), status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
