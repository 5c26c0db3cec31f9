import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// A back button names the screen it returns to as that screen names itself in its bar, the
/// same from every screen under it ("‹ RoadTrip" from a destination as from the Events book,
/// "‹ Your account" from Accounts as the account's own bar says).
@Suite struct BackLabelTests {
    let web: WebFixture
    let visitor: Visitor

    init() throws {
        web = try WebFixture()
        visitor = try web.signedIn()
    }

    /// The back buttons on a page (the detail's and the list's): where each goes, and what it says after "‹ ".
    private func backs(in html: String) -> [(href: String, label: String)] {
        ["bar-button back", "bar-button master-back"].flatMap { className in
            let links = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == className }.compactMap {
                Markup.attribute("href", of: $0)
            }
            let labels = Markup.texts(ofClass: className, element: "a", in: html).map { $0.replacingOccurrences(of: "‹ ", with: "") }
            return Array(zip(links, labels))
        }
    }

    /// The title a screen shows in its bar: the list's, when the page is the list's screen.
    private func title(of html: String) -> String? {
        let isList = html.contains(#"data-screen="master""#)
        return isList
            ? Markup.texts(ofClass: "bar-title", element: "h1", in: html).first
            : Markup.matches(#"<h2 class="bar-title" id="detail-title"[^>]*>(.*?)</h2>"#, in: html).first
    }

    @Test func everyBackButtonNamesTheScreenItReturnsToAsThatScreenNamesItself() throws {
        // setup: screens of each half with a back button
        let destination = try #require(try web.library.catalog.all().first).id
        let screens = [Route.destination(id: destination), .accounts, .settings, .tracks, .timelineYears, .recents]

        // MUT + validate
        var checked = 0
        for screen in screens {
            let page = visitor.get(screen.path)
            try #require(page.status == .ok, "\(screen.path)")
            for back in backs(in: page.bodyText) {
                let parent = visitor.get(back.href)
                try #require(parent.status == .ok, "\(back.href)")
                #expect(back.label == title(of: parent.bodyText), "\(screen.path) says ‹ \(back.label) for \(back.href)")
                checked += 1
            }
        }
        #expect(checked >= 3, "the screens have back buttons to check")
    }
}
