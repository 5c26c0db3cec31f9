import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Nothing but signing in, setting up, `/healthz` and static assets answers without a session:
/// every kind of route is visited, signed out and signed in, with GET and with POST.
@Suite struct SessionGateTests {
    let web: WebFixture

    init() throws {
        web = try WebFixture()
    }

    static let publicRoutes = Route.examples.filter(\.isPublic)
    static let privateRoutes = Route.examples.filter { !$0.isPublic }

    /// Ann the owner (id 1) and Bob (id 2, the id the examples name), so that a removal or a
    /// reset that got through would show.
    @discardableResult
    private func household() throws -> (ann: Account, bob: Account) {
        let ann = try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let bob = try web.library.accounts.create(name: "Bob", password: WebFixture.password, repeated: WebFixture.password)
        try #require(bob.id == AccountID(2))
        return (ann, bob)
    }

    /// Fields that each form would act on, should it ever be reached.
    static let formFields = [
        ("name", "Mallory"), ("password", "a brand new password"), ("repeated", "a brand new password"),
        ("current", WebFixture.password), ("token", "x"),
    ]

    /// The sample book's generated pages ("Chapter N") hold nothing private and load in a
    /// sandboxed frame, so they are public too; so are the service worker's script and the
    /// offline page, which it keeps without cookies, and the basemap's tiles (GSHHG's shores,
    /// public data like the stylesheets; where photos were taken stays behind the session).
    /// A share link's addresses answer without a session too: the link's token is the key
    /// (`ShareLinkPagesTests`).
    @Test func theOnlyPublicRoutesAreSignInSetupHealthAssetsTheSampleBookWhatTheServiceWorkerKeepsForNobodyAndShareLinks() {
        // MUT
        let (links, others) = (Self.publicRoutes.filter { $0.shareToken != nil }, Self.publicRoutes.filter { $0.shareToken == nil })

        // validate
        #expect(
            Set(others.map(\.path)) == [
                "/signin", "/setup", "/healthz", "/static/app.0123456789abcdef.css", "/sample/pages/1", "/service-worker.js", "/offline",
                "/map/basemap/8-75-96",
            ])
        #expect(links.allSatisfy { $0.path.hasPrefix("/s/\(Route.exampleToken.text)") })
        #expect(links.count == 12)
    }

    @Test func withoutASessionEveryPageIsSentToSignInAndBack() throws {
        // setup
        try household()
        let visitor = web.visitor()

        for route in Self.privateRoutes {
            for method in ["GET", "HEAD"] {
                // MUT
                let response = visitor.request(method, route.path)

                // validate: a page goes to sign-in; an address that only takes forms refuses the
                // method before anything else, the same answer with a session or without.
                guard route.methods.contains("GET") else {
                    #expect(response.status == .methodNotAllowed, "\(method) \(route.path)")
                    #expect(response.headers["Allow"] == route.methods.joined(separator: ", "), "\(method) \(route.path)")
                    #expect(!response.bodyText.contains("New York City"), "\(method) \(route.path): shows nothing of the library")
                    continue
                }
                #expect(response.status == .seeOther, "\(method) \(route.path)")
                #expect(response.location == Route.signIn(next: route.path).path, "\(method) \(route.path)")
                let next = Visitor.split(response.location ?? "").1.first { $0.name == "next" }?.value
                #expect(next == route.path, "\(method) \(route.path): next=\(String(describing: next))")
                #expect(response.headers["Content-Security-Policy"] != nil, "\(route.path): a redirect carries the security headers")
                #expect(response.bodyBytes.isEmpty, "\(method) \(route.path): a redirect shows nothing")
            }
        }
    }

    @Test func withoutASessionEveryPostIsRefusedAndChangesNothing() throws {
        // setup: a browser that has the sign-in page's form token, so only the missing session can refuse it.
        try household()
        let visitor = web.visitor()
        visitor.get(Route.signIn(next: nil).path)
        try #require(visitor.formToken != nil)
        let before = try web.snapshot()

        for route in Self.privateRoutes {
            // MUT
            let withFormToken = visitor.post(route.path, Self.formFields)
            let bare = visitor.request("POST", route.path)

            // validate: an address that takes forms asks for a session; a page refuses the method.
            if route.methods.contains("POST") {
                #expect(withFormToken.status == .forbidden, "\(route.path)")
                #expect(withFormToken.message.contains("Sign in first. Nothing was changed."), "\(route.path): \(withFormToken.message)")
            } else {
                #expect(withFormToken.status == .methodNotAllowed, "\(route.path)")
            }
            #expect(!withFormToken.bodyText.contains("New York City"), "\(route.path): shows nothing of the library")
            #expect(bare.status.code >= 400 && bare.status.code < 500, "\(route.path): \(bare.status)")
            #expect(bare.location == nil, "\(route.path)")
            #expect(try web.snapshot() == before, "\(route.path)")
        }
    }

    @Test func theWalksAboveSeeBothPagesAndForms() {
        // MUT + validate: each private route answers GET or POST and nothing else.
        for route in Self.privateRoutes {
            #expect(route.methods.contains("GET") || route.methods.contains("POST"), "\(route.path)")
            #expect(Set(route.methods).isSubset(of: ["GET", "HEAD", "POST"]), "\(route.path)")
        }
        #expect(Self.privateRoutes.filter { $0.methods.contains("GET") }.count >= 5)
        #expect(Self.privateRoutes.filter { $0.methods.contains("POST") }.count >= 5)
    }

    @Test func publicRoutesAnswerWithoutASession() throws {
        // setup
        try household()
        let visitor = web.visitor()

        for route in Self.publicRoutes {
            // MUT
            let get = visitor.get(route.path)
            let post = visitor.post(route.path, Self.formFields)

            // validate
            #expect(get.location?.hasPrefix("/signin") != true, "GET \(route.path) → \(String(describing: get.location))")
            #expect(get.status != .internalServerError && get.status != .forbidden, "GET \(route.path): \(get.status)")
            #expect(post.location?.hasPrefix("/signin") != true, "POST \(route.path) → \(String(describing: post.location))")
            #expect(!post.message.contains("Sign in first"), "POST \(route.path)")
            #expect(post.status != .internalServerError, "POST \(route.path)")
        }
    }

    @Test(arguments: Route.examples)
    func withASessionEveryRouteAnswers(route: Route) throws {
        // setup
        let (ann, _) = try household()
        let browser = try web.signedIn(ann)

        // MUT
        let get = browser.get(route.path)
        let post = try web.signedIn(ann).post(route.path, Self.formFields)

        // validate
        #expect(get.location?.hasPrefix("/signin") != true, "GET \(route.path) → \(String(describing: get.location))")
        #expect(get.status != .internalServerError, "GET \(route.path)")
        #expect(post.location?.hasPrefix("/signin?next=") != true, "POST \(route.path) → \(String(describing: post.location))")
        #expect(!post.message.contains("Sign in first"), "POST \(route.path)")
        #expect(!post.message.contains("did not come from a RoadTrip page"), "POST \(route.path): the session's token is refused")
        #expect(post.status != .internalServerError, "POST \(route.path)")
    }

    @Test func anEndedSessionIsSentToSignInLikeNone() throws {
        // setup
        let ann = try web.signedIn()
        let token = try #require(ann.sessionToken)
        try #require(ann.get(Route.home.path).status == .ok)
        ann.post(Route.signOut.path)

        // MUT
        let stale = web.visitor()
        stale.cookies[Visitor.sessionCookie] = token
        let response = stale.get(Route.account.path)

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.signIn(next: Route.account.path).path)
    }

    @Test func anExpiredSessionIsSentToSignIn() throws {
        // setup: a library with a clock the test moves.
        let clock = TestClockBox()
        let library = try Library(folder: web.folder.appendingPathComponent("clocked"), readers: 2, clock: clock.wallClock)
        let app = App(library: library, assets: try AssetCatalog.bundled(), log: web.log.sink)
        let ann = try library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let grant = try library.authenticator.sessions.start(for: ann)
        let browser = Visitor(app: app, address: "192.0.2.1")
        browser.cookies[Visitor.sessionCookie] = grant.token

        // MUT
        clock.advance(by: 6 * 24 * 3600)
        let afterSixDays = browser.get(Route.account.path)
        clock.advance(by: 7 * 24 * 3600)
        let afterAWeekUnused = browser.get(Route.account.path)

        // validate
        #expect(afterSixDays.status == .ok)
        #expect(afterAWeekUnused.status == .seeOther)
        #expect(afterAWeekUnused.location == Route.signIn(next: Route.account.path).path)
    }
}

extension Route: CustomTestStringConvertible {
    public var testDescription: String { path }
}
