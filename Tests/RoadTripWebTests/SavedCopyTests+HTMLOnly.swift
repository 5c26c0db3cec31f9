import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// A saved copy is served from RoadTrip's origin, so it is only ever an HTML page under
/// `sandbox` and `nosniff` (issue 30, 2): a site answering a script, an SVG or JSON has no copy,
/// and the book says why.
extension SavedCopyTests {
    static let script = Array("window.top.pwned = 1; fetch('/session/form-token')".utf8)

    @Test(arguments: ["text/javascript", "image/svg+xml", "application/json", "application/pdf"])
    func anAnswerThatIsNotAnHTMLPageHasNoCopyAndTheBookSaysWhy(contentType: String) throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true, contentType: contentType, body: Self.script))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)
        let page = ann.get(Route.eventsBook(page: 2).path).bodyText
        let answer = try status(ann, page: 2)

        // validate
        let why = "The site answered \(contentType), not a web page; RoadTrip copies only HTML pages."
        #expect(copy.status == .notFound)
        #expect(copy.headers["Content-Type"]?.hasPrefix("text/html") == true, "the 404 page, not the script")
        #expect(!copy.bodyText.contains("pwned"))
        #expect(page.contains("RoadTrip has no copy of this page: \(why)"), "the book says why")
        #expect(answer == CopyStatusAnswer(state: "failed", reason: why))
    }

    @Test func anAnswerWithoutATypeHasNoCopy() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true, contentType: nil, body: Self.script))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(copy.status == .notFound)
        #expect(try status(ann, page: 2).reason == "The site answered without saying what it sent; RoadTrip copies only HTML pages.")
    }

    /// An earlier RoadTrip kept a copy with the site's own type and served it so.
    @Test func aCopyAnEarlierRoadTripKeptAsAScriptIsNeverServed() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()
        let saved = try #require(copies.copy(of: events[1]))
        try Data(Self.script).write(to: URL(fileURLWithPath: saved.path))
        let metadata = URL(fileURLWithPath: String(saved.path.dropLast(".html".count)) + ".json")
        let json = String(decoding: try Data(contentsOf: metadata), as: UTF8.self)
        try Data(json.replacing(#/"contentType":"[^"]*"/#, with: #""contentType":"text\/javascript""#).utf8).write(to: metadata)

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(copy.status == .notFound)
        #expect(copy.headers["Content-Type"]?.hasPrefix("text/javascript") == false)
        #expect(!copy.bodyText.contains("pwned"))
    }

    @Test func theWeatherCopyIsServedAsHTMLUnderSandboxAndNosniff() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false, contentType: "text/html; charset=utf-8"))
        ann.get(Route.weather.path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.weatherCopy.path)

        // validate
        #expect(copy.status == .ok)
        #expect(copy.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(
            copy.headers["Content-Security-Policy"] == SecurityHeaders.savedCopyPolicy(gesture: try AssetCatalog.bundled().frameGesture))
        #expect(copy.headers["Content-Security-Policy"]?.hasPrefix("sandbox ") == true)
        #expect(copy.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func aWeatherPageAnsweringAScriptHasNoCopy() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false, contentType: "text/javascript", body: Self.script))
        ann.get(Route.weather.path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.weatherCopy.path)

        // validate
        #expect(copy.status == .notFound)
        #expect(!copy.bodyText.contains("pwned"))
    }

    /// A browser puts a 304's headers over those it kept: the 304 carries the sandbox too.
    @Test func theCopyAskedAgainWithItsETagIsA304UnderSandboxAndNosniff() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true, contentType: "text/html; charset=utf-8"))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()
        let first = ann.get(Route.eventCopy(page: 2).path)
        let etag = try #require(first.headers["ETag"])

        // MUT
        let again = ann.get(Route.eventCopy(page: 2).path, headers: ["If-None-Match": etag])

        // validate
        #expect(first.status == .ok)
        #expect(again.status == .notModified)
        #expect(
            again.headers.values("Content-Security-Policy") == [
                SecurityHeaders.savedCopyPolicy(gesture: try AssetCatalog.bundled().frameGesture)
            ])
        #expect(again.headers["X-Content-Type-Options"] == "nosniff")
    }
}
