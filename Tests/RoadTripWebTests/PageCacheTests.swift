import Foundation
import HTTPServer
import PostgreSQL
import RoadTrip
import TestDatabases
import TestSupport
import Testing
@testable import RoadTripWeb

/// Pages and sessions kept until the database changes (`PageCache`, `SessionStore`): a page
/// asked for again is the same page, and never one a change has made stale.
@Suite struct PageCacheTests {
    static let engines: [String] = ["sqlite", "postgresql"]

    static func fixture(_ engine: String) throws -> WebFixture {
        engine == "sqlite" ? try WebFixture() : try WebFixture(database: .postgreSQL(try TestPostgreSQL.freshAddress()))
    }

    /// The page, asked for until the database's stamp is known (PostgreSQL's listening
    /// connection opens at the first question) and the page has been kept.
    static func kept(_ path: String, by visitor: Visitor, in web: WebFixture) -> Response? {
        var response: Response?
        let isKept = eventually {
            response = visitor.get(path)
            return web.app.pages.count > 0
        }
        return isKept ? response : nil
    }

    @Test(arguments: engines)
    func aPageAskedForAgainIsTheKeptOne(engine: String) throws {
        // setup
        let web = try Self.fixture(engine)
        let ann = try web.signedIn()
        let newYork = try web.destination(named: "New York City")
        let first = try #require(Self.kept(Route.destination(id: newYork.id).path, by: ann, in: web))

        let hitsBefore = web.app.pages.hits

        // MUT: again, and again with a query parameter the route does not read.
        let again = ann.get(Route.destination(id: newYork.id).path)
        let withJunk = ann.get(Route.destination(id: newYork.id).path + "?utm_source=\(UUID().uuidString)")

        // validate
        #expect(first.status == .ok)
        #expect(again.bodyBytes == first.bodyBytes)
        #expect(withJunk.bodyBytes == first.bodyBytes)
        #expect(web.app.pages.hits == hitsBefore + 2, "both were sent from memory")
        #expect(again.headers["Cache-Control"] == "no-store")
        #expect(again.headers["Content-Security-Policy"] != nil, "the security headers go on a kept page too")
        #expect(web.app.pages.count == 1, "one page for one route's address, whatever else the query says")
    }

    @Test(arguments: engines)
    func aChangeMadeThroughAFormShowsOnTheVeryNextPage(engine: String) throws {
        // setup
        let web = try Self.fixture(engine)
        let ann = try web.signedIn()
        let newYork = try web.destination(named: "New York City")
        let before = try #require(Self.kept(Route.destination(id: newYork.id).path, by: ann, in: web))
        #expect(!before.bodyText.contains("This is your trip."))

        // MUT
        let chosen = ann.post(Route.chooseDestination(id: newYork.id).path)
        let after = ann.get(Route.destination(id: newYork.id).path)

        // validate
        #expect(chosen.status == .seeOther)
        #expect(after.bodyText.contains("This is your trip."))
    }

    @Test(arguments: engines)
    func eachSessionHasItsOwnPageWithItsOwnFormToken(engine: String) throws {
        // setup
        let web = try Self.fixture(engine)
        let ann = try web.signedIn()
        let annsPhone = try web.signedIn(try #require(try web.library.accounts.account(named: "Ann")))
        let bob = try web.signedIn("Bob", owner: false)
        let path = Route.destination(id: try web.destination(named: "San Francisco").id).path
        _ = try #require(Self.kept(path, by: ann, in: web))

        // MUT
        let pages = [ann.get(path), annsPhone.get(path), bob.get(path)]

        // validate
        #expect(pages.map { Visitor.formToken(in: $0.bodyText) } == [ann.formToken, annsPhone.formToken, bob.formToken])
        #expect(Set([ann.formToken, annsPhone.formToken, bob.formToken]).count == 3)
        #expect(web.app.pages.count == 3)
    }

    @Test(arguments: engines)
    func signingOutEndsTheSessionAtOnceThoughItsPageWasKept(engine: String) throws {
        // setup
        let web = try Self.fixture(engine)
        let ann = try web.signedIn()
        let path = Route.destination(id: try web.destination(named: "New York City").id).path
        _ = try #require(Self.kept(path, by: ann, in: web))
        let session = try #require(ann.cookies[Visitor.sessionCookie])

        // MUT
        let signedOut = ann.post(Route.signOut.path)
        ann.cookies[Visitor.sessionCookie] = session  // the old cookie, sent again
        let after = ann.get(path)

        // validate
        #expect(signedOut.status == .seeOther)
        #expect(after.status == .seeOther)
        #expect(after.headers["Location"]?.hasPrefix(Route.signIn(next: nil).path) == true)
    }

    @Test(arguments: engines)
    func anotherInstancesChangesReachTheKeptPagesAndSessions(engine: String) throws {
        // setup: another instance (or `roadtrip` run from the shell) over the same library.
        let web = try Self.fixture(engine)
        let ann = try web.signedIn()
        let other = try Library(folder: web.folder, database: web.library.location, readers: 1)
        let newYork = try web.destination(named: "New York City")
        let path = Route.destination(id: newYork.id).path
        _ = try #require(Self.kept(path, by: ann, in: web))
        let account = try #require(try other.accounts.account(named: "Ann"))

        // MUT: the trip is chosen there, then the password reset there (which ends every session).
        try other.trips.choose(newYork.id, for: account.id)
        let chosenShows = eventually { ann.get(path).bodyText.contains("This is your trip.") }
        try other.accounts.resetPassword(of: account.id, to: "another good password", repeated: "another good password")
        let signedOut = eventually { ann.get(path).status == .seeOther }

        // validate
        #expect(chosenShows)
        #expect(signedOut, "a session ended elsewhere is refused here too")
    }

    @Test func onlyAPlainGetAnsweredOKOfARouteThatKeepsItsPageIsKept() throws {
        // setup
        let web = try WebFixture()
        let ann = try web.signedIn()
        let newYork = try web.destination(named: "New York City")

        // MUT
        let missing = ann.get(Route.destination(id: 999_999).path)
        let head = ann.request("HEAD", Route.destination(id: newYork.id).path)
        let recents = ann.get(Route.recents.path)
        let signedOut = web.visitor().get(Route.destination(id: newYork.id).path)

        // validate
        #expect(web.app.pages.hits == 0)
        #expect(missing.status == .notFound)
        #expect(head.status == .ok)
        #expect(recents.status == .ok)
        #expect(signedOut.status == .seeOther)
        #expect(web.app.pages.count == 0)
    }

    @Test func withTheCacheOffEveryPageIsRendered() throws {
        // setup
        let web = try WebFixture()
        let app = App(library: web.library, assets: try AssetCatalog.bundled(), pageCacheBytes: 0)
        let grant = try web.library.authenticator.sessions.start(
            for: try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        )
        let ann = Visitor(app: app, address: "192.0.2.1")
        ann.cookies[Visitor.sessionCookie] = grant.token

        // MUT
        let pages = (0..<3).map { _ in ann.get(Route.home.path) }

        // validate
        #expect(pages.allSatisfy { $0.status == .ok && $0.bodyText.contains("New York City") })
        #expect(app.pages.count == 0)
        #expect(app.pages.hits == 0, "each was rendered")
    }
}
