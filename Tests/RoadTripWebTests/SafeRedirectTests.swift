import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Where a person goes after signing in: only a page of this site that needs a session.
@Suite struct SafeRedirectTests {
    @Test(arguments: [
        "//evil.example",
        "//evil.example/destinations/1",
        "///evil.example",
        "https://evil.example",
        "https://evil.example/account",
        "http:/evil.example",
        "/\\evil.example",
        "/\\/evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "/%0d%0aSet-Cookie:x",
        "/account\r\nSet-Cookie: x=1",
        "/account\nLocation: https://evil.example",
        "/account\t",
        "/ account",
        "/destinations/1\0",
        "/nowhere",
        "/destinations/0",
        "/static/app.0123456789abcdef.css",
        "/healthz",
        "/signin",
        "/signin?next=%2F%2Fevil.example",
        "/signout",
        "/setup?token=x",
        "account",
        "evil.example",
        "",
        "/destinations/1?" + String(repeating: "a", count: 3000),
        "/accounts/\u{0661}/remove",
        "/déjà",
    ])
    func anUnsafeOrUselessTargetGoesHome(next: String) {
        // MUT + validate
        #expect(SafeRedirect.target(next) == "/", "\(next.prefix(80))")
    }

    @Test func noTargetGoesHome() {
        // MUT + validate
        #expect(SafeRedirect.target(nil) == "/")
    }

    @Test(arguments: [
        "/", "/destinations/1", "/destinations/1/image", "/account", "/accounts", "/destinations/1?from=list", "/account#password",
    ])
    func aPageOfThisSiteIsKept(next: String) {
        // MUT + validate
        #expect(SafeRedirect.target(next) == next)
    }

    @Test func theTargetOfASignedOutRequestKeepsItsQuery() {
        // setup
        let request = Request(
            method: "GET", path: "/destinations/1", query: [(name: "from", value: "list & more"), (name: "x", value: "/=?#")])

        // MUT
        let target = SafeRedirect.requestTarget(request)

        // validate: encoded so the parts survive the trip through `next=`.
        #expect(target == "/destinations/1?from=list%20%26%20more&x=/%3D%3F%23")
        #expect(Visitor.split(target).1.map(\.value) == ["list & more", "/=?#"])
    }

    @Test func signingInFromARedirectComesBackToThePageAskedFor() throws {
        // setup
        let web = try WebFixture()
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let visitor = web.visitor()
        let redirect = visitor.get("/destinations/1?from=list")
        let signInPage = visitor.get(try #require(redirect.location))

        // MUT
        let signedIn = visitor.post(
            Route.signIn(next: nil).path, [("next", "/destinations/1?from=list"), ("name", "Ann"), ("password", WebFixture.password)])

        // validate
        let hidden = Markup.tags("input", in: signInPage.bodyText).first { Markup.attribute("name", of: $0) == "next" }
        #expect(hidden.flatMap { Markup.attribute("value", of: $0) } == "/destinations/1?from=list")
        #expect(signedIn.status == .seeOther)
        #expect(signedIn.location == "/destinations/1?from=list")
        #expect(visitor.get(try #require(signedIn.location)).status == .ok)
    }

    @Test(arguments: ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "/signout"])
    func signingInWithAHostileNextGoesHome(next: String) throws {
        // setup
        let web = try WebFixture()
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let visitor = web.visitor()
        let page = visitor.get(Route.signIn(next: next).path)

        // MUT
        let signedIn = visitor.post(Route.signIn(next: nil).path, [("next", next), ("name", "Ann"), ("password", WebFixture.password)])

        // validate
        #expect(
            !Markup.tags("input", in: page.bodyText).contains { Markup.attribute("name", of: $0) == "next" },
            "the page does not carry it on")
        #expect(signedIn.status == .seeOther)
        #expect(signedIn.location == "/")
    }
}
