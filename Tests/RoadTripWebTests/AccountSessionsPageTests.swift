import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Signed in: where the person is signed in, and signing out everywhere else.
@Suite struct AccountSessionsPageTests {
    let web: WebFixture
    let phone: Visitor
    let laptop: Visitor
    let bob: Visitor

    init() throws {
        web = try WebFixture(loadDemo: false)
        phone = try web.signedIn("Ann", owner: false)
        laptop = try web.signedIn(try #require(try web.library.accounts.account(named: "Ann")))
        bob = try web.signedIn("Bob")
    }

    private func browsers(on page: Response) -> [String] {
        Markup.texts(ofClass: "row-title", element: "span", in: page.bodyText).filter { $0.hasSuffix("browser") }
    }

    @Test func thisBrowserIsListedFirstThenTheOthersOfTheAccountOnly() {
        // MUT
        let page = phone.get(Route.accountSessions.path)

        // validate
        #expect(page.status == .ok)
        #expect(browsers(on: page) == ["This browser", "Another browser"], "Bob's browser is not Ann's")
    }

    @Test func signingOutEverywhereElseEndsTheOtherBrowsersSessionAndKeepsThisOne() {
        // MUT
        let answer = phone.post(Route.accountSessions.path)

        // validate
        #expect(answer.status == .ok)
        #expect(answer.bodyText.contains("Signed out of 1 other browser."))
        #expect(browsers(on: answer) == ["This browser"])
        #expect(answer.bodyText.contains("You are signed in only here."))
        #expect(laptop.get(Route.account.path).status == .seeOther, "the laptop is sent to sign in")
        #expect(phone.get(Route.account.path).status == .ok)
        #expect(bob.get(Route.account.path).status == .ok, "another account is not signed out")
    }

    @Test func withoutTheFormTokenNothingIsSignedOut() {
        // MUT
        let refused = phone.post(Route.accountSessions.path, csrf: .omitted)

        // validate
        #expect(refused.status == .forbidden)
        #expect(laptop.get(Route.account.path).status == .ok)
    }
}
