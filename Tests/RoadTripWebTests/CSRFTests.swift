import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Every state-changing request must come from a page of this site and carry the form token of
/// the browser's session; anything else gets a 403 page that explains, and changes nothing.
@Suite struct CSRFTests {
    let web: WebFixture
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
        ann.get(Route.accounts.path)
    }

    static let newAccount = [("name", "Bob"), ("password", "a brand new password"), ("repeated", "a brand new password")]
    static let explanation = "This form has expired or did not come from a RoadTrip page, so nothing was changed."

    /// Posts the add-an-account form in some hostile way and checks it was refused and changed nothing.
    private func expectRefused(_ post: () -> Response, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try web.snapshot()
        let response = post()
        #expect(response.status == .forbidden, "\(comment)", sourceLocation: sourceLocation)
        #expect(response.message.contains(Self.explanation), "\(comment): \(response.message)", sourceLocation: sourceLocation)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
        #expect(try web.snapshot() == before, "\(comment)", sourceLocation: sourceLocation)
        #expect(try web.library.accounts.account(named: "Bob") == nil, "\(comment)", sourceLocation: sourceLocation)
    }

    @Test func theFormWithItsTokenIsAccepted() throws {
        // MUT
        let response = ann.post(
            Route.accounts.path, Self.newAccount,
            headers: ["Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"])

        // validate: the control case for every refusal below.
        #expect(response.status == .ok, "\(response.message)")
        #expect(try web.library.accounts.account(named: "Bob") != nil)
    }

    @Test func aPostWithoutTheTokenIsRefused() throws {
        // MUT + validate
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .omitted) }, "no token")
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value("")) }, "empty token")
    }

    @Test func aPostWithAnotherSessionsTokenIsRefused() throws {
        // setup
        let owner = try #require(try web.library.accounts.account(named: "Ann"))
        let otherBrowser = try web.signedIn(owner)
        let otherToken = try #require(otherBrowser.formToken)
        try #require(otherToken != ann.formToken)

        // MUT + validate
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(otherToken)) }, "another session's token")
    }

    @Test func aTokenThatIsAlmostRightIsRefused() throws {
        // setup
        let token = try #require(ann.formToken)
        let changed = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")

        // MUT + validate
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(changed)) }, "last character changed")
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(token + "x")) }, "one character more")
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(String(token.dropLast()))) }, "one character less")
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(token.lowercased())) }, "other case")
    }

    @Test func theFormCookiesTokenDoesNotStandInForTheSessionsToken() throws {
        // setup: the browser still holds a pre-session form cookie from its sign-in page.
        let stranger = web.visitor()
        stranger.get(Route.signIn(next: nil).path)
        let formToken = try #require(stranger.cookies[Visitor.formCookie])
        ann.cookies[Visitor.formCookie] = formToken

        // MUT + validate
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, csrf: .value(formToken)) }, "rt_form token with a session")
    }

    @Test(arguments: ["cross-site", "same-site", "CROSS-SITE", "unknown"])
    func aPostFromAnotherSiteIsRefusedEvenWithTheToken(secFetchSite: String) throws {
        // MUT + validate
        try expectRefused(
            { ann.post(Route.accounts.path, Self.newAccount, headers: ["Sec-Fetch-Site": secFetchSite]) }, "Sec-Fetch-Site: \(secFetchSite)"
        )
    }

    @Test(arguments: [
        ("http://evil.example", "127.0.0.1:8080"),
        ("https://127.0.0.1:8080.evil.example", "127.0.0.1:8080"),
        ("http://127.0.0.1:8081", "127.0.0.1:8080"),
        ("null", "127.0.0.1:8080"),
        ("", "127.0.0.1:8080"),
        ("http://127.0.0.1:8080", ""),
    ])
    func aPostWhoseOriginIsNotThisSiteIsRefusedEvenWithTheToken(origin: String, host: String) throws {
        // setup
        var headers: Headers = ["Origin": origin]
        if !host.isEmpty { headers["Host"] = host }

        // MUT + validate
        try expectRefused({ ann.post(Route.accounts.path, Self.newAccount, headers: headers) }, "Origin: \(origin), Host: \(host)")
    }

    /// A page under `Referrer-Policy: no-referrer` (a share link's) posts with `Origin: null`:
    /// taken with the token when the browser says the page was this site's, never otherwise (a
    /// sandboxed frame's opaque origin is cross-site to the browser).
    @Test func anOriginOfNullIsTakenOnlyFromAPageTheBrowserSaysIsThisSites() throws {
        // MUT + validate
        try expectRefused(
            { ann.post(Route.accounts.path, Self.newAccount, headers: ["Origin": "null", "Sec-Fetch-Site": "cross-site"]) }, "cross-site")
        try expectRefused(
            { ann.post(Route.accounts.path, Self.newAccount, headers: ["Origin": "null", "Sec-Fetch-Site": "same-site"]) }, "same-site")
        try expectRefused(
            { ann.post(Route.accounts.path, Self.newAccount, headers: ["Origin": "null", "Sec-Fetch-Site": "none"]) }, "none")
        try expectRefused(
            {
                ann.post(
                    Route.accounts.path, Self.newAccount, csrf: .omitted, headers: ["Origin": "null", "Sec-Fetch-Site": "same-origin"])
            }, "no token")
        let taken = ann.post(
            Route.accounts.path, Self.newAccount, headers: ["Origin": "null", "Sec-Fetch-Site": "same-origin", "Host": "127.0.0.1:8080"])
        #expect(taken.status == .ok, "\(taken.message)")
        #expect(try web.library.accounts.account(named: "Bob") != nil)
    }

    @Test func aSignOutWithoutTheTokenIsRefusedAndTheSessionStays() throws {
        // setup
        let token = try #require(ann.sessionToken)

        // MUT
        let response = ann.post(Route.signOut.path, csrf: .omitted)

        // validate
        #expect(response.status == .forbidden)
        #expect(try web.library.authenticator.sessions.session(token: token) != nil)
    }

    @Test func aSignInWithoutTheFormCookieOrTokenIsRefusedAndStartsNoSession() throws {
        // setup: a form posted from another site has neither the cookie (SameSite) nor the token.
        let stranger = web.visitor()

        // MUT
        let noCookie = stranger.post(
            Route.signIn(next: nil).path, [("name", "Ann"), ("password", WebFixture.password)],
            csrf: .value("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
        stranger.get(Route.signIn(next: nil).path)
        let noToken = stranger.post(Route.signIn(next: nil).path, [("name", "Ann"), ("password", WebFixture.password)], csrf: .omitted)

        // validate
        #expect(noCookie.status == .forbidden)
        #expect(noToken.status == .forbidden)
        #expect(noToken.message.contains(Self.explanation))
        #expect(try web.rows(in: "sessions") == 1, "Ann's own session only")
        #expect(try web.rows(in: "sign_in_failures") == 0, "a refused form is not an attempt")
    }

    @Test func aPasswordChangeWithAWrongTokenChangesNothing() throws {
        // MUT + validate
        try expectRefused(
            {
                ann.post(
                    Route.accountPassword.path,
                    [("current", WebFixture.password), ("password", "a brand new password"), ("repeated", "a brand new password")],
                    csrf: .value(SecureRandom.token()))
            }, "password change")
    }

    @Test func getNeverChangesState() throws {
        // setup
        let bob = try web.library.accounts.create(name: "Bob", password: WebFixture.password, repeated: WebFixture.password)
        let token = try #require(ann.formToken)
        let current = WebFixture.password.replacingOccurrences(of: " ", with: "+")
        let fields = "csrf=\(token)&name=Mallory&password=a+brand+new+password&repeated=a+brand+new+password&current=\(current)"
        let before = try web.snapshot()

        // MUT
        let responses = [
            ann.get("\(Route.accounts.path)?\(fields)"),
            ann.get("\(Route.accountRemoval(bob.id).path)?\(fields)"),
            ann.get("\(Route.accountPasswordReset(bob.id).path)?\(fields)"),
            ann.get("\(Route.accountPassword.path)?\(fields)"),
            ann.get("\(Route.signOut.path)?\(fields)"),
            ann.get("\(Route.setup(token: nil).path)?\(fields)"),
            ann.get("\(Route.signIn(next: nil).path)?\(fields)"),
        ]

        // validate
        #expect(try web.snapshot() == before)
        #expect(try web.library.accounts.account(named: "Mallory") == nil)
        #expect(ann.get("/").status == .ok, "still signed in")
        #expect(responses.map(\.status.code) == [200, 405, 405, 405, 405, 200, 303], "\(responses.map(\.status.code))")
    }
}
