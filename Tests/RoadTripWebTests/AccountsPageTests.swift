import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// The owner's Accounts screen, and everyone's own password.
@Suite struct AccountsPageTests {
    let web: WebFixture
    let owner: Visitor
    let bob: Account

    init() throws {
        web = try WebFixture()
        owner = try web.signedIn("Ann")
        bob = try web.library.accounts.create(name: "Bob", password: WebFixture.password, repeated: WebFixture.password)
        owner.get(Route.accounts.path)
    }

    private static let newPassword = "a brand new password"

    private func signsIn(_ name: String, _ password: String) throws -> Bool {
        if case .signedIn = try web.library.authenticator.signIn(name: name, password: password, address: "192.0.2.99", deviceToken: nil) {
            return true
        }
        return false
    }

    /// The names in the list of accounts (the page also lists the destinations).
    private func accountRows(_ html: String) -> [String] {
        guard let list = html.range(of: #"<ul class="rows plain accounts">"#), let end = html[list.upperBound...].range(of: "</ul>") else {
            return []
        }
        return Markup.texts(ofClass: "row-title", element: "span", in: String(html[list.upperBound..<end.lowerBound]))
    }

    // MARK: the owner

    @Test func theOwnerSeesEveryAccountWithItsRole() throws {
        // MUT
        let page = owner.get(Route.accounts.path)

        // validate
        #expect(page.status == .ok)
        #expect(accountRows(page.bodyText) == ["Ann", "Bob"])
        #expect(Markup.texts(ofClass: "row-subtitle", element: "span", in: page.bodyText).suffix(2) == ["Owner", "Member"])
        #expect(Set(Visitor.formTokens(in: page.bodyText)) == [owner.formToken], "every form carries the session's token")
        let removals = Markup.tags("form", in: page.bodyText).compactMap { Markup.attribute("action", of: $0) }.filter {
            $0.hasSuffix("/remove")
        }
        #expect(removals == [Route.accountRemoval(bob.id).path], "no button to remove oneself")
    }

    @Test func theOwnerAddsAnAccountThatCanSignIn() throws {
        // MUT
        let response = owner.post(Route.accounts.path, [("name", "Carol"), ("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(response.status == .ok)
        #expect(Markup.texts(ofClass: "notice success", element: "p", in: response.bodyText) == ["Added Carol."])
        #expect(accountRows(response.bodyText).contains("Carol"))
        #expect(try web.library.accounts.account(named: "Carol")?.isOwner == false)
        #expect(try signsIn("Carol", Self.newPassword))
    }

    @Test func aRefusedAdditionSaysWhyKeepsTheNameAndStoresNothing() throws {
        // setup
        let before = try web.snapshot()

        // MUT
        let mismatch = owner.post(
            Route.accounts.path, [("name", "Carol"), ("password", Self.newPassword), ("repeated", "a brand new passw0rd")])
        let taken = owner.post(Route.accounts.path, [("name", "bob"), ("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(mismatch.status == .unprocessableContent)
        #expect(mismatch.message == "The two passwords are not the same.")
        let typed = Markup.tags("input", in: mismatch.bodyText).first { Markup.attribute("id", of: $0) == "field-name" }
        #expect(typed.flatMap { Markup.attribute("value", of: $0) } == "Carol")
        #expect(taken.status == .unprocessableContent)
        #expect(taken.message == "There is already an account named Bob.")
        #expect(try web.snapshot() == before)
    }

    @Test func theOwnerResetsAPasswordAndThatAccountsSessionsEnd() throws {
        // setup
        let bobsBrowser = try web.signedIn(bob)
        let bobsToken = try #require(bobsBrowser.sessionToken)
        let ownersToken = try #require(owner.sessionToken)

        // MUT
        let response = owner.post(
            Route.accountPasswordReset(bob.id).path, [("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(response.status == .ok)
        #expect(response.bodyText.contains("The password of Bob is changed; their sessions have ended."))
        #expect(try web.library.authenticator.sessions.session(token: bobsToken) == nil)
        #expect(bobsBrowser.get("/").location?.hasPrefix("/signin") == true)
        #expect(try web.library.authenticator.sessions.session(token: ownersToken) != nil)
        #expect(try signsIn("Bob", Self.newPassword))
        #expect(try !signsIn("Bob", WebFixture.password))
    }

    @Test func theOwnerRemovesAnAccountAndItsSessions() throws {
        // setup
        let bobsBrowser = try web.signedIn(bob)

        // MUT
        let response = owner.post(Route.accountRemoval(bob.id).path)

        // validate
        #expect(response.status == .ok)
        #expect(Markup.texts(ofClass: "notice success", element: "p", in: response.bodyText) == ["Removed Bob."])
        #expect(accountRows(response.bodyText) == ["Ann"])
        #expect(try web.library.accounts.account(named: "Bob") == nil)
        #expect(bobsBrowser.get("/").location?.hasPrefix("/signin") == true)
        #expect(try web.rows(in: "sessions") == 1)
    }

    @Test func theOwnerCannotRemoveThemselves() throws {
        // setup
        let ann = try #require(try web.library.accounts.account(named: "Ann"))

        // MUT
        let response = owner.post(Route.accountRemoval(ann.id).path)

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(response.message == "You cannot remove your own account.")
        #expect(try web.rows(in: "accounts") == 2)
    }

    @Test func theOwnersOwnPasswordIsChangedUnderYourAccountNotReset() throws {
        // setup
        let ann = try #require(try web.library.accounts.account(named: "Ann"))
        let hashBefore: String? = try web.library.database.read { db in
            try db.fetchValue("SELECT password_hash FROM accounts WHERE id = \(ann.id.rawValue)")
        }

        // MUT
        let reset = owner.post(Route.accountPasswordReset(ann.id).path, [("password", Self.newPassword), ("repeated", Self.newPassword)])
        let list = owner.get(Route.accounts.path)

        // validate: refused, nothing changed, still signed in; the list offers Your account instead of a reset form
        #expect(reset.status == .unprocessableContent)
        #expect(reset.message == "Change your own password under Your account: it asks for the current one.")
        let hashAfter: String? = try web.library.database.read { db in
            try db.fetchValue("SELECT password_hash FROM accounts WHERE id = \(ann.id.rawValue)")
        }
        #expect(hashAfter == hashBefore)
        #expect(list.status == .ok)
        #expect(!list.bodyText.contains(Route.accountPasswordReset(ann.id).path))
        #expect(list.bodyText.contains("Change your password"))
    }

    @Test func removingOrResettingAnAccountThatDoesNotExistSaysSo() throws {
        // MUT
        let removal = owner.post(Route.accountRemoval(AccountID(99)).path)
        let reset = owner.post(
            Route.accountPasswordReset(AccountID(99)).path, [("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(removal.status == .unprocessableContent)
        #expect(removal.message == "There is no such account.")
        #expect(reset.status == .unprocessableContent)
        #expect(reset.message == "There is no such account.")
    }

    // MARK: a member

    @Test func aMemberIsRefusedTheAccountsScreenAndItsForms() throws {
        // setup
        let member = try web.signedIn(bob)
        let ann = try #require(try web.library.accounts.account(named: "Ann"))
        let before = try web.snapshot()

        // MUT
        let list = member.get(Route.accounts.path)
        let add = member.post(Route.accounts.path, [("name", "Mallory"), ("password", Self.newPassword), ("repeated", Self.newPassword)])
        let remove = member.post(Route.accountRemoval(ann.id).path)
        let reset = member.post(Route.accountPasswordReset(ann.id).path, [("password", Self.newPassword), ("repeated", Self.newPassword)])
        let resetOwn = member.post(
            Route.accountPasswordReset(bob.id).path, [("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        for (what, response) in [("list", list), ("add", add), ("remove", remove), ("reset", reset), ("reset own", resetOwn)] {
            #expect(response.status == .forbidden, "\(what)")
            #expect(response.message.contains("Only the owner manages accounts."), "\(what): \(response.message)")
        }
        #expect(try web.snapshot() == before)
    }

    @Test func onlyTheOwnerIsShownTheAccountsLink() throws {
        // setup
        let member = try web.signedIn(bob)

        // MUT
        let ownersLinks = Markup.tags("a", in: owner.get(Route.account.path).bodyText).compactMap { Markup.attribute("href", of: $0) }
        let membersLinks = Markup.tags("a", in: member.get(Route.account.path).bodyText).compactMap { Markup.attribute("href", of: $0) }
        let membersHome = Markup.tags("a", in: member.get("/").bodyText).compactMap { Markup.attribute("href", of: $0) }

        // validate
        #expect(ownersLinks.contains(Route.accounts.path))
        #expect(!membersLinks.contains(Route.accounts.path))
        #expect(membersHome.contains(Route.account.path), "the account's tab, everywhere")
    }

    // MARK: one's own password

    @Test func yourAccountShowsYourNameAndRole() throws {
        // setup
        let member = try web.signedIn(bob)

        // MUT
        let page = member.get(Route.account.path)

        // validate
        #expect(page.status == .ok)
        #expect(page.bodyText.contains("<h2 class=\"account-name\">Bob</h2>"))
        #expect(page.bodyText.contains("Member of this RoadTrip"))
    }

    @Test func changingYourPasswordNeedsTheCurrentOne() throws {
        // setup
        let member = try web.signedIn(bob)
        member.get(Route.account.path)
        let before = try web.snapshot()

        // MUT
        let response = member.post(
            Route.accountPassword.path, [("current", "not my password"), ("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(response.message == "The current password is not right.")
        #expect(response.setCookie(Visitor.sessionCookie) == nil)
        #expect(try web.snapshot() == before)
    }

    @Test func changingYourPasswordEndsYourOtherSessionsAndRenewsThisOne() throws {
        // setup
        let laptop = try web.signedIn(bob)
        let phone = try web.signedIn(bob)
        laptop.get(Route.account.path)
        let oldToken = try #require(laptop.sessionToken)
        let oldFormToken = try #require(laptop.formToken)

        // MUT
        let response = laptop.post(
            Route.accountPassword.path, [("current", WebFixture.password), ("password", Self.newPassword), ("repeated", Self.newPassword)])

        // validate
        #expect(response.status == .ok)
        #expect(response.bodyText.contains("Your password is changed. You are signed out everywhere else."))
        let newToken = try #require(laptop.sessionToken)
        #expect(newToken != oldToken)
        #expect(response.setCookie(Visitor.sessionCookie) == "rt_session=\(newToken); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000")
        #expect(try web.library.authenticator.sessions.session(token: oldToken) == nil)
        #expect(phone.get("/").location?.hasPrefix("/signin") == true, "the other browser is signed out")
        let newFormToken = try #require(try web.library.authenticator.sessions.session(token: newToken)?.csrfToken)
        #expect(newFormToken != oldFormToken)
        #expect(
            Set(Visitor.formTokens(in: response.bodyText)) == [newFormToken],
            "every form of the page, sign-out included, carries the new session's token")
        #expect(laptop.get(Route.account.path).status == .ok, "this browser stays signed in")
        #expect(laptop.post(Route.signOut.path).status == .seeOther, "with a form token that works")
        #expect(try signsIn("Bob", Self.newPassword))
    }
}
