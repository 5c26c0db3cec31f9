import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// RoadTrip | Photos at the foot of the master column: both halves linked from `Route`, the
/// current one marked, after the account footer (last in the column, so the phone's tab bar is
/// its foot), and no longer as the footer's small links.
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
            .filter { Markup.attribute("class", of: $0) == "app-tab" }
            .map { (Markup.attribute("href", of: $0), Markup.attribute("aria-current", of: $0)) }
    }

    @Test func roadTripPagesMarkTheRoadTripTab() throws {
        // MUT
        let html = visitor.get(Route.home.path).bodyText

        // validate
        let found = tabs(in: html)
        #expect(found.map(\.href) == [Route.home.path, Route.places(order: .byCountry).path])
        #expect(found.map(\.current) == ["page", nil])
        #expect(Markup.texts(ofClass: "app-tab-label", element: "span", in: html) == ["RoadTrip", "Photos"])
    }

    @Test func photoPagesMarkThePhotosTab() throws {
        for path in [Route.places(order: .byCountry).path, Route.recents.path, Route.vacations.path] {
            // MUT
            let html = visitor.get(path).bodyText

            // validate
            #expect(tabs(in: html).map(\.current) == [nil, "page"], "\(path)")
        }
    }

    @Test func theTabsEndTheMasterColumnAfterTheAccountFooter() throws {
        // MUT
        let html = visitor.get(Route.home.path).bodyText

        // validate
        let footer = try #require(html.range(of: "<footer class=\"master-footer\""))
        let tabBar = try #require(html.range(of: "<nav class=\"app-tabs\""))
        let columnEnd = try #require(html.range(of: "</aside>"))
        #expect(footer.lowerBound < tabBar.lowerBound && tabBar.lowerBound < columnEnd.lowerBound)
        #expect(!html.contains("app-switch"), "the footer's old small links are gone")
    }
}
