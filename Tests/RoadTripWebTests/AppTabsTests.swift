import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// RoadTrip | Photos | the account: the app tab bar, all three halves linked from `Route`, the
/// current one marked; after the detail pane (CSS places it under the list or across the screen),
/// with no account footer left in the list.
@Suite struct AppTabsTests {
    let web: WebFixture
    let visitor: Visitor

    init() throws {
        web = try WebFixture()
        visitor = try web.signedIn()
    }

    /// The tabs' (href, aria-current) in order.
    private func tabs(in html: String) -> [(href: String?, current: String?)] {
        Markup.tags("a", in: html)
            .filter { Markup.attribute("class", of: $0)?.hasPrefix("app-tab") == true }
            .map { (Markup.attribute("href", of: $0), Markup.attribute("aria-current", of: $0)) }
    }

    @Test func roadTripPagesMarkTheRoadTripTab() throws {
        // MUT
        let html = visitor.get(Route.home.path).bodyText

        // validate
        let found = tabs(in: html)
        #expect(found.map(\.href) == [Route.home.path, Route.places(order: .byCountry).path, Route.account.path])
        #expect(found.map(\.current) == ["page", nil, nil])
        #expect(
            Markup.texts(ofClass: "app-tab-label", element: "span", in: html) == ["RoadTrip", "Photos", "Ann"],
            "the account's tab is named after who is signed in")
    }

    @Test func photoPagesMarkThePhotosTab() throws {
        for path in [Route.places(order: .byCountry).path, Route.recents.path, Route.vacations.path] {
            // MUT
            let html = visitor.get(path).bodyText

            // validate
            #expect(tabs(in: html).map(\.current) == [nil, "page", nil], "\(path)")
        }
    }

    @Test func accountPagesMarkTheAccountTabAndListTheAccountsScreens() throws {
        for path in [Route.account.path, Route.accounts.path] {
            // MUT
            let html = visitor.get(path).bodyText

            // validate
            #expect(tabs(in: html).map(\.current) == [nil, nil, "page"], "\(path)")
            #expect(html.contains("<ul class=\"rows account-menu\""), "\(path): the account's list beside it")
        }
        let account = visitor.get(Route.account.path).bodyText
        #expect(account.contains("<nav class=\"app-tabs tab-root\""), "Your account is its half's first screen")
        #expect(Markup.tags("form", in: account).contains { Markup.attribute("action", of: $0) == Route.signOut.path }, "Sign out is on it")
        #expect(!visitor.get(Route.accounts.path).bodyText.contains("tab-root"), "Accounts is pushed onto it")
    }

    @Test func theTabsFollowThePanesAndNoFooterIsLeft() throws {
        // MUT
        let html = visitor.get(Route.home.path).bodyText

        // validate
        let columnEnd = try #require(html.range(of: "</aside>"))
        let detailEnd = try #require(html.range(of: "</main>"))
        let tabBar = try #require(html.range(of: "<nav class=\"app-tabs\""))
        #expect(columnEnd.lowerBound < tabBar.lowerBound && detailEnd.lowerBound < tabBar.lowerBound)
        #expect(!html.contains("master-footer"), "the account's links are in the account's half, not under every list")
        #expect(!html.contains("action=\"/signout\""), "Sign out is on Your account")
    }
}
