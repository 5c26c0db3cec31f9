import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// RoadTrip answers only to its own host names (no DNS rebinding), and takes only the
/// pre-session form tokens it issued itself.
@Suite struct HostAndTokenTests {
    @Test(arguments: [
        // (public URL, listened on, Host sent, allowed)
        ("https://trips.example.org", "127.0.0.1", "trips.example.org", true),  // what browsers and nginx's $host send
        ("https://trips.example.org", "127.0.0.1", "trips.example.org:80", false),
        ("https://trips.example.org", "127.0.0.1", "trips.example.org:443", true),
        ("https://trips.example.org", "127.0.0.1", "TRIPS.example.org.:443", true),
        ("http://trips.example.org", "127.0.0.1", "trips.example.org", true),
        ("http://trips.example.org:8443", "127.0.0.1", "trips.example.org:8443", true),
        ("http://trips.example.org:8443", "127.0.0.1", "trips.example.org:8444", false),
        ("http://trips.example.org:8443", "127.0.0.1", "trips.example.org", false),
        ("https://trips.example.org", "127.0.0.1", "attacker.example", false),
        ("https://trips.example.org", "127.0.0.1", "trips.example.org.attacker.example:443", false),
        ("", "127.0.0.1", "127.0.0.1:8080", true),
        ("", "127.0.0.1", "localhost:8080", true),
        ("", "127.0.0.1", "LocalHost", true),
        ("", "127.0.0.1", "127.0.0.2:8080", false),
        ("", "127.0.0.1", "rebound.attacker.example:8080", false),
        ("", "::1", "[::1]:8080", true),
        ("", "::1", "localhost:8080", true),
        ("", "192.0.2.5", "localhost:8080", false),
        ("", "0.0.0.0", "127.0.0.1:8080", true),
        ("", "0.0.0.0", "rebound.attacker.example", false),
        ("", "0.0.0.0", "NAS:8080", true),  // the machine's own name, given below
        ("", "0.0.0.0", "nas.local:8080", true),
        ("", "127.0.0.1", "nas:8080", false),  // not when only loopback is listened on
        ("", "trips.lan", "trips.lan:8080", true),
        ("", "trips.lan", "other.lan:8080", false),
        ("http://[2001:db8::1]:8080", "127.0.0.1", "[2001:db8::1]:8080", true),
        ("", "127.0.0.1", "", false),
    ])
    func onlyTheHostsRoadTripIsReachedAtAreAllowed(publicURL: String, listened: String, host: String, allowed: Bool) {
        // setup
        let hosts = AllowedHosts(publicURL: publicURL.isEmpty ? nil : URL(string: publicURL), listenHost: listened, machineName: "nas")

        // MUT / validate
        #expect(hosts.allows(host) == allowed)
    }

    @Test func aRequestForAnotherHostIsAnswered421AndTheHealthCheckStillAnswers() throws {
        // setup
        let web = try WebFixture(hosts: AllowedHosts(publicURL: URL(string: "https://trips.example.org"), listenHost: "127.0.0.1"))

        // MUT
        let rebound = web.get("/signin", headers: ["Host": "rebound.attacker.example:8080"])
        let missing = web.get("/signin")
        let ours = web.get("/signin", headers: ["Host": "trips.example.org:443"])
        let health = web.get("/healthz", headers: ["Host": "10.1.2.3:8080"])

        // validate
        #expect(rebound.status == .misdirectedRequest)
        #expect(rebound.bodyText.contains("does not answer to this host name"))
        #expect(!rebound.bodyText.contains("attacker"))
        #expect(rebound.headers["Content-Security-Policy"] != nil)
        #expect(rebound.setCookie(Visitor.formCookie) == nil)
        #expect(missing.status == .misdirectedRequest)
        #expect(ours.status == .ok)
        #expect(health.status == .ok)
    }

    @Test func aPlantedPreSessionTokenIsNotTaken() throws {
        // setup: someone who can set cookies on the domain plants a well-formed token of their own.
        let web = try WebFixture()
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let planted = String(repeating: "A", count: 43)
        let visitor = web.visitor()
        visitor.cookies[Visitor.formCookie] = planted

        // MUT: the page replaces it; a form posted with the planted token is refused.
        let page = visitor.get(Route.signIn(next: nil).path)
        let replaced = try #require(visitor.cookies[Visitor.formCookie])
        visitor.cookies[Visitor.formCookie] = planted
        let posted = visitor.post(
            Route.signIn(next: nil).path, [("name", "Ann"), ("password", WebFixture.password)], csrf: .value(planted))

        // validate
        #expect(page.setCookie(Visitor.formCookie) != nil)
        #expect(replaced != planted)
        #expect(replaced.utf8.count == 43)
        #expect(posted.status == .forbidden)
        #expect(try web.rows(in: "sessions") == 0)
    }

    @Test func theTokenTheServerIssuedIsTakenAndSurvivesARestart() throws {
        // setup: a token issued by one app over the library, used with a new app over the same folder.
        let web = try WebFixture()
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let visitor = web.visitor()
        visitor.get(Route.signIn(next: nil).path)
        let issued = try #require(visitor.cookies[Visitor.formCookie])
        let reopened = try Library(folder: web.folder, readers: 1)
        let restarted = Visitor(app: App(library: reopened, assets: try AssetCatalog.bundled(), log: { _ in }), address: "192.0.2.1")
        restarted.cookies = visitor.cookies

        // MUT
        let posted = restarted.post(
            Route.signIn(next: nil).path, [("name", "Ann"), ("password", WebFixture.password)], csrf: .value(issued))

        // validate
        #expect(posted.status == .seeOther)
        #expect(FormTokens(key: reopened.signingKey).isGenuinePreSessionToken(issued))
        #expect(
            !FormTokens(key: reopened.signingKey).isGenuinePreSessionToken(String(issued.dropLast()) + (issued.last == "A" ? "B" : "A")))
    }
}
