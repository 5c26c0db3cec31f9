import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// The first start: the one-time link creates the owner and signs them in.
@Suite struct SetupPageTests {
    let web: WebFixture
    let token: String

    init() throws {
        web = try WebFixture()
        token = try #require(try web.library.setup.issueTokenIfNeeded())
    }

    private func owner(_ name: String = "Ann", password: String = WebFixture.password, repeated: String? = nil, token: String? = nil) -> [(
        String, String
    )] {
        [("token", token ?? self.token), ("name", name), ("password", password), ("repeated", repeated ?? password)]
    }

    @Test func setupWithoutALinkExplainsHowToGetOneAndCreatesNothing() throws {
        // setup
        let visitor = web.visitor()

        // MUT
        let response = visitor.get(Route.setup(token: nil).path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(html.contains("roadtrip serve"))
        #expect(html.contains("roadtrip user add NAME --owner"))
        #expect(!Markup.tags("input", in: html).contains { Markup.attribute("type", of: $0) == "password" }, "no form to fill in")
        #expect(try web.rows(in: "accounts") == 0)
        #expect(try web.library.setup.isValid(token: token), "looking does not spend the link")
    }

    @Test(arguments: ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "x", "%00", String(repeating: "A", count: 5000)])
    func aWrongLinkIsRefusedWith403(wrong: String) throws {
        // setup
        let visitor = web.visitor()

        // MUT
        let page = visitor.get(Route.setup(token: wrong).path)
        visitor.get(Route.signIn(next: nil).path)
        let post = visitor.post(Route.setup(token: nil).path, owner(token: wrong))

        // validate
        #expect(page.status == .forbidden)
        #expect(page.message.contains("This setup link is not valid"), "\(page.message)")
        #expect(post.status == .forbidden)
        #expect(try web.rows(in: "accounts") == 0)
        #expect(try web.library.setup.isValid(token: token))
    }

    @Test func theRightLinkCreatesTheOwnerSignsThemInAndIsSpent() throws {
        // setup
        let visitor = web.visitor()
        let form = visitor.get(Route.setup(token: token).path)

        // MUT
        let created = visitor.post(Route.setup(token: nil).path, owner())

        // validate
        #expect(form.status == .ok)
        let hidden = Markup.tags("input", in: form.bodyText).first { Markup.attribute("name", of: $0) == "token" }
        #expect(hidden.flatMap { Markup.attribute("value", of: $0) } == token)
        #expect(created.status == .seeOther)
        #expect(created.location == "/")
        let session = try #require(visitor.sessionToken)
        #expect(created.setCookie(Visitor.sessionCookie) == "rt_session=\(session); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000")
        let account = try #require(try web.library.authenticator.sessions.session(token: session)?.account)
        #expect(account.name == "Ann" && account.isOwner)
        #expect(try !web.library.setup.isValid(token: token))
        #expect(visitor.get("/").status == .ok)
    }

    @Test func theLinkWorksOnce() throws {
        // setup
        let first = web.visitor()
        first.get(Route.setup(token: token).path)
        try #require(first.post(Route.setup(token: nil).path, owner()).status == .seeOther)

        // MUT: the same browser again (now signed in), and another browser with the link.
        first.get("/")
        let sameBrowser = first.post(Route.setup(token: nil).path, owner("Mallory"))
        let other = web.visitor()
        let otherPage = other.get(Route.setup(token: token).path)
        let otherPost = other.post(Route.setup(token: nil).path, owner("Mallory"))

        // validate
        #expect(sameBrowser.status == .forbidden)
        #expect(otherPage.bodyText.contains("RoadTrip is set up"))
        #expect(otherPost.status == .forbidden)
        #expect(try web.library.accounts.all().map(\.name) == ["Ann"])
        #expect(try web.rows(in: "sessions") == 1)
    }

    @Test(arguments: [
        ("Ann", "short", "short", "A password needs at least 10 characters."),
        ("Ann", WebFixture.password, "something else entirely", "The two passwords are not the same."),
        ("  ", WebFixture.password, WebFixture.password, "Enter a name."),
        (String(repeating: "n", count: 65), WebFixture.password, WebFixture.password, "A name can be at most 64 characters long."),
    ])
    func aBadNameOrPasswordIsExplainedAndTheLinkStillWorks(name: String, password: String, repeated: String, message: String) throws {
        // setup
        let visitor = web.visitor()
        visitor.get(Route.setup(token: token).path)

        // MUT
        let refused = visitor.post(Route.setup(token: nil).path, owner(name, password: password, repeated: repeated))
        let retried = visitor.post(Route.setup(token: nil).path, owner())

        // validate
        #expect(refused.status == .unprocessableContent)
        #expect(refused.message == message)
        #expect(refused.setCookie(Visitor.sessionCookie) == nil)
        #expect(retried.status == .seeOther, "the link still works after a refusal")
        #expect(try web.library.accounts.all().map(\.name) == ["Ann"])
    }
}
