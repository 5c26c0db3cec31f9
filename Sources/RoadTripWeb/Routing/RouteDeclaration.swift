import HTTPServer
import RoadTrip

/// What one route is, declared once (`Route.declaration`): its path, typed by the values it
/// carries, and its query; how a request that matches the path is read back into the route;
/// whether it answers without a session; its action for GET (HEAD answers the same without the
/// body, unless the route says otherwise) and for POST, and how a POST's body is read. The
/// matching, the links, the methods allowed, the dispatch, the session gate, the page cache and
/// which bodies go to a file all come from here, so no action asks which method it was called for.
struct RouteDeclaration {
    typealias Action = (App, RequestContext) throws -> Response

    /// How a POST's body arrives: a small form in memory, or a large upload streamed to a file
    /// (multipart, or one file as the whole body) before the action sees it.
    enum Body {
        case form, spooled
    }

    let path: RoutePath
    /// `?name=value…` as links write it; empty without parameters.
    let query: String
    let parse: Parse
    var isPublic = false
    var get: Action?
    var head: Action?
    var post: Action?
    var postBody = Body.form
    /// A GET (and HEAD) answered from the request alone, before any session is looked up: the
    /// static files and the health check.
    var beforeSession: ((App, Request) throws -> Response)?
    /// Its GET page is made from the database and the request alone (no clock, no file, no job
    /// in progress), and reads no more than it shows: sent from the page cache until the
    /// database changes (`PageCache`).
    var cachesPages = false
    /// Long work its action does, bounded (`WorkAdmission`), and for which methods.
    var boundedWork: (kind: BoundedWork, methods: [String])?

    init(
        _ path: RoutePath, query: String = "", as parse: Parse, public isPublic: Bool = false,
        get: Action? = nil, head: Action? = nil, post: Action? = nil, postBody: Body = .form
    ) {
        self.path = path
        self.query = query
        self.parse = parse
        self.isPublic = isPublic
        self.get = get
        self.head = head
        self.post = post
        self.postBody = postBody
    }

    /// A route answered by `controller`'s methods (`get`, `head`, `post`), the controller made
    /// for each request.
    init<C: Controller>(
        _ path: RoutePath, query: String = "", as parse: Parse, public isPublic: Bool = false, _ controller: C.Type,
        get: ((C) throws -> Response)? = nil, head: ((C) throws -> Response)? = nil, post: ((C) throws -> Response)? = nil,
        postBody: Body = .form
    ) {
        self.init(
            path, query: query, as: parse, public: isPublic, get: get.map(C.action), head: head.map(C.action), post: post.map(C.action),
            postBody: postBody)
    }

    static func get<C: Controller>(
        _ path: RoutePath, query: String = "", as parse: Parse, public isPublic: Bool = false, _ controller: C.Type,
        _ action: @escaping (C) throws -> Response
    ) -> RouteDeclaration {
        RouteDeclaration(path, query: query, as: parse, public: isPublic, get: C.action(action))
    }

    static func post<C: Controller>(_ path: RoutePath, as parse: Parse, _ controller: C.Type, _ action: @escaping (C) throws -> Response)
        -> RouteDeclaration
    {
        RouteDeclaration(path, as: parse, post: C.action(action))
    }

    static func get(_ path: RoutePath, query: String = "", as parse: Parse, public isPublic: Bool = false, _ action: @escaping Action)
        -> RouteDeclaration
    {
        RouteDeclaration(path, query: query, as: parse, public: isPublic, get: action)
    }

    static func post(_ path: RoutePath, as parse: Parse, _ action: @escaping Action) -> RouteDeclaration {
        RouteDeclaration(path, as: parse, post: action)
    }

    /// Public: what it answers needs no session.
    static func beforeSession(_ path: RoutePath, query: String = "", as parse: Parse, _ answer: @escaping (App, Request) throws -> Response)
        -> RouteDeclaration
    {
        var declaration = RouteDeclaration(path, query: query, as: parse, public: true)
        declaration.beforeSession = answer
        return declaration
    }

    /// What a route no feature declares gets: nothing answers it (a test finds any such route).
    static var undeclared: RouteDeclaration {
        var declaration = RouteDeclaration("/undeclared", as: Parse(reading: { _ in nil }))
        declaration.isUndeclared = true
        return declaration
    }

    /// Said of `undeclared` alone.
    private(set) var isUndeclared = false

    /// The link to the route: its path, with its query.
    var address: String { path.text + query }

    /// This declaration, its page sent from the page cache until the database changes.
    var pageCached: RouteDeclaration {
        var declaration = self
        declaration.cachesPages = true
        return declaration
    }

    /// This declaration, its action for `methods` bounded as `kind` of work: beyond the bound,
    /// a 503 with `Retry-After` rather than one more thread taken.
    /// Kept, unless the page is made from the clock too (the Places screen's On this day follows the date).
    func pageCached(unless madeFromTheClock: Bool) -> RouteDeclaration {
        madeFromTheClock ? self : pageCached
    }

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

/// What answers a route's requests: made for each request from the app and the request's
/// context, then asked for the answer (`RouteDeclaration`'s actions).
protocol Controller {
    init(app: App, context: RequestContext)
}

extension Controller {
    /// `answer` as a route's action: this controller made for the request, then asked.
    static func action(_ answer: @escaping (Self) throws -> Response) -> RouteDeclaration.Action {
        { app, context in try answer(Self(app: app, context: context)) }
    }
}
