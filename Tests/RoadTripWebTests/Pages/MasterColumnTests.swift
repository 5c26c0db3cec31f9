import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import Testing
import TestSupport

/// The master column a page asks for (`MasterColumn`) is the same beside every detail as on the
/// list's own screen: its bar (title, Back, tabs) and the key app.js keeps it under.
@Suite struct MasterColumnTests {
    /// The master column's bar and its key, as a page renders them.
    static func column(of page: Response) -> (bar: Substring, key: Substring)? {
        let html = page.bodyText
        guard let bar = html.range(of: "<header class=\"bar\" id=\"master-bar\">"),
            let barEnd = html.range(of: "</header>", range: bar.upperBound..<html.endIndex),
            let key = html.range(of: "data-master-key=\""),
            let keyEnd = html.range(of: "\"", range: key.upperBound..<html.endIndex)
        else { return nil }
        return (html[bar.lowerBound..<barEnd.upperBound], html[key.upperBound..<keyEnd.lowerBound])
    }

    @Test func everyPageBesideAPlacesGridShowsTheColumnOfTheGridsOwnScreen() throws {
        // setup: a photo of Lisbon
        let web = try WebFixture(loadDemo: false)
        let uploads = try PhotoUploads()
        let ann = try web.signedIn()
        let account = try #require(try web.library.accounts.account(named: "Ann")).id
        let path = try uploads.draw("lisboa.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2025-12-06T10:00:00", width: 60, height: 45)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "lisboa.jpg", by: account).photoValue)
        let place = try #require(photo.placeID)

        // MUT
        let grid = try #require(Self.column(of: ann.get(Route.placePhotos(.place(place), after: nil).path)))
        let besides = [
            Route.photo(id: photo.id, inRecents: false), .photoPlace(id: photo.id, query: nil), .visit(photo: photo.id),
        ].map { (route: $0, column: Self.column(of: ann.get($0.path))) }

        // validate
        #expect(grid.bar.contains("‹ Places") && grid.key == "place-\(place)")
        for (route, column) in besides {
            #expect(column?.bar == grid.bar, "\(route.path) shows another bar than its grid's")
            #expect(column?.key == grid.key, "\(route.path) keeps its column under another key")
        }
    }

    @Test func theTimelineBesideAPhotoLeadsBackToItsDayAndIsKeptForThatDay() throws {
        // setup
        let web = try WebFixture(loadDemo: false)
        let uploads = try PhotoUploads()
        let ann = try web.signedIn()
        let account = try #require(try web.library.accounts.account(named: "Ann")).id
        let path = try uploads.draw("day.jpg", seed: 2, at: nil, takenAt: "2025-12-06T10:00:00", width: 60, height: 45)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "day.jpg", by: account).photoValue)

        // MUT
        let page = ann.get(Route.timelinePhoto(id: photo.id).path)
        let tab = try #require(Self.column(of: ann.get(Route.timelineYears.path)))

        // validate
        let column = try #require(Self.column(of: page))
        #expect(column.key == "timeline-2025-12-06")
        #expect(column.bar == tab.bar, "the Timeline tab's bar, as on its own screens")
        #expect(
            page.bodyText.contains(
                "href=\"\(Route.timeline(.period(.day(try #require(CalendarDay(year: 2025, month: 12, day: 6))))).path)\""))
    }
}
