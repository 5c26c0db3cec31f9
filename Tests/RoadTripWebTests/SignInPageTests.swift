import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Signing in and out through the app, as a browser does.
@Suite struct SignInPageTests {
    let web: WebFixture
    let ann: Account

    init() throws {
        web = try WebFixture()
        ann = try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
    }

    private func signIn(_ visitor: Visitor, name: String = "Ann", password: String = WebFixture.password, next: String? = nil) -> Response {
        if visitor.formToken == nil { visitor.get(Route.signIn(next: nil).path) }
        return visitor.post(Route.signIn(next: nil).path, [("name", name), ("password", password)] + (next.map { [("next", $0)] } ?? []))
    }

    @Test func theSignInPageSetsAFormCookieAndCarriesItsTokenInAHiddenField() throws {
        // setup
        let visitor = web.visitor()

        // MUT
        let page = visitor.get(Route.signIn(next: nil).path)
        let again = visitor.get(Route.signIn(next: nil).path)

        // validate
        #expect(page.status == .ok)
        let cookie = try #require(page.setCookie(Visitor.formCookie))
        let value = try #require(visitor.cookies[Visitor.formCookie])
        #expect(value.utf8.count == 43)
        #expect(cookie.contains("; Path=/") && cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax"), "\(cookie)")
        #expect(!cookie.contains("Secure"))
        #expect(Visitor.formToken(in: page.bodyText) == value)
        #expect(again.setCookie(Visitor.formCookie) == nil, "a browser that has the cookie keeps it")
        #expect(Visitor.formToken(in: again.bodyText) == value)
        #expect(page.headers["Cache-Control"] == "no-store")
    }

    @Test func theRightPasswordSignsInWithASessionCookieAndGoesOn() throws {
        // setup
        let visitor = web.visitor()

        // MUT
        let response = signIn(visitor, next: "/account")

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == "/account")
        let cookie = try #require(response.setCookie(Visitor.sessionCookie))
        let token = try #require(visitor.sessionToken)
        #expect(cookie == "rt_session=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000")
        #expect(try web.library.authenticator.sessions.session(token: token)?.account == ann)
        let device = try #require(response.setCookie(Visitor.deviceCookie))
        #expect(device.contains("; HttpOnly") && device.contains("; SameSite=Lax") && !device.contains("Secure"), "\(device)")
        #expect(response.setCookie(Visitor.formCookie)?.contains("Max-Age=0") == true, "the pre-session form cookie is dropped")
        #expect(visitor.get("/account").status == .ok)
    }

    @Test func cookiesAreSecureOnlyWhenTheAppIsToldItIsBehindTLS() throws {
        // setup
        let secure = try WebFixture(secureCookies: true)
        try secure.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let visitor = secure.visitor()

        // MUT
        let page = visitor.get(Route.signIn(next: nil).path)
        let response = signIn(visitor)
        visitor.get(Route.account.path)  // Sign out's form is on Your account
        let signedOut = visitor.post(Route.signOut.path)

        // validate
        for cookie in [
            page.setCookie(Visitor.formCookie), response.setCookie(Visitor.sessionCookie), response.setCookie(Visitor.deviceCookie),
            signedOut.setCookie(Visitor.sessionCookie),
        ] {
            let cookie = try #require(cookie)
            #expect(cookie.hasSuffix("; Secure"), "\(cookie)")
            #expect(cookie.contains("; HttpOnly; SameSite=Lax"), "\(cookie)")
        }
    }

    @Test func everySignInGetsANewSessionIdAndAPlantedOneIsWorthNothing() throws {
        // setup: someone planted a well-formed session id in the browser before sign-in.
        let planted = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        let first = web.visitor()
        first.cookies[Visitor.sessionCookie] = planted
        let second = web.visitor()

        // MUT
        _ = signIn(first)
        _ = signIn(second)

        // validate
        let firstToken = try #require(first.sessionToken)
        let secondToken = try #require(second.sessionToken)
        #expect(firstToken != planted)
        #expect(firstToken != secondToken)
        #expect(try web.library.authenticator.sessions.session(token: planted) == nil)
        #expect(try web.rows(in: "sessions") == 2)
    }

    @Test func aWrongPasswordAndAnUnknownNameGetTheSameAnswer() throws {
        // MUT
        let wrongPassword = signIn(web.visitor(address: "192.0.2.1"), password: "not the password")
        let unknownName = signIn(web.visitor(address: "192.0.2.2"), name: "Nobody")

        // validate
        #expect(wrongPassword.status == .unauthorized)
        #expect(unknownName.status == .unauthorized)
        #expect(wrongPassword.message == "The name or password is not right.")
        #expect(unknownName.message == wrongPassword.message)
        #expect(wrongPassword.setCookie(Visitor.sessionCookie) == nil && unknownName.setCookie(Visitor.sessionCookie) == nil)
        #expect(try web.rows(in: "sessions") == 0)
        let typed = Markup.tags("input", in: unknownName.bodyText).first { Markup.attribute("name", of: $0) == "name" }
        #expect(typed.flatMap { Markup.attribute("value", of: $0) } == "Nobody", "the name is kept, the password is not")
        #expect(!wrongPassword.bodyText.contains("not the password"))
    }

    @Test func afterFiveFailuresThePageSaysHowLongToWait() throws {
        // setup
        for index in 1...5 {
            #expect(signIn(web.visitor(address: "198.51.100.\(index)"), password: "guess \(index)").status == .unauthorized)
        }

        // MUT: the right password, from a browser that never failed.
        let response = signIn(web.visitor(address: "203.0.113.1"))

        // validate
        #expect(response.status == .tooManyRequests)
        let retry = try #require(response.headers["Retry-After"].flatMap { Int($0) })
        #expect(retry > 0 && retry <= 900)
        #expect(response.message.contains("try again in"), "\(response.message)")
        #expect(response.message.contains("15 minutes"), "\(response.message)")
        #expect(response.setCookie(Visitor.sessionCookie) == nil)
        #expect(try web.rows(in: "sessions") == 0)
    }

    @Test func aSignedInBrowserAskingForSignInGoesOn() throws {
        // setup
        let visitor = web.visitor()
        _ = signIn(visitor)

        // MUT
        let response = visitor.get(Route.signIn(next: "/account").path)

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == "/account")
    }

    @Test func signingOutEndsTheSessionEverywhereItIsUsed() throws {
        // setup: one session, its cookie copied into a second browser.
        let visitor = web.visitor()
        _ = signIn(visitor)
        let token = try #require(visitor.sessionToken)
        let copy = web.visitor()
        copy.cookies[Visitor.sessionCookie] = token
        try #require(copy.get("/").status == .ok)
        visitor.get(Route.account.path)  // Sign out's form is on Your account

        // MUT
        let response = visitor.post(Route.signOut.path)

        // validate
        #expect(response.status == .seeOther)
        #expect(response.location == Route.signIn(next: nil).path)
        #expect(response.setCookie(Visitor.sessionCookie) == "rt_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
        #expect(try web.library.authenticator.sessions.session(token: token) == nil)
        #expect(copy.get("/").location == Route.signIn(next: "/").path, "the copied cookie is worth nothing now")
        #expect(try web.rows(in: "sessions") == 0)
    }

    @Test func signOutByGetIsRefusedAndTheSessionStays() throws {
        // setup
        let visitor = try web.signedIn(ann)
        let token = try #require(visitor.sessionToken)

        // MUT
        let response = visitor.get(Route.signOut.path)

        // validate
        #expect(response.status == .methodNotAllowed)
        #expect(try web.library.authenticator.sessions.session(token: token) != nil)
        #expect(visitor.get("/").status == .ok)
    }

    @Test func theSignInPageSaysWhenRoadTripIsNotSetUpYet() throws {
        // setup
        let empty = try WebFixture(loadDemo: false)

        // MUT
        let before = empty.get(Route.signIn(next: nil).path).bodyText
        let after = web.get(Route.signIn(next: nil).path).bodyText

        // validate
        #expect(before.contains("RoadTrip is not set up yet."))
        #expect(!after.contains("RoadTrip is not set up yet."))
    }
}
