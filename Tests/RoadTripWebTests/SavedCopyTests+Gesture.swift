import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// RoadTrip's own pages in the book's frames — a saved copy, a sample page — carry the book's
/// gesture (frame-gesture.js) written in, and their policy lets that script run by its hash
/// and no other: the page's own scripts stay blocked (issue 32).
extension SavedCopyTests {
    static let pageWithScript =
        """
        <!DOCTYPE html><html><head><title>Tonight</title><script>window.top.pwned = 1</script></head><body><p \
        onclick=\"pwned()\">Events</p></body></html>
        """

    @Test func aCopyCarriesTheGestureAtItsEndAndItsPolicyRunsThatScriptAlone() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true, body: Array(Self.pageWithScript.utf8)))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)

        // validate
        #expect(copy.status == .ok)
        let body = copy.bodyText
        let gesture = try Self.gestureSource()
        #expect(body.hasSuffix("<script>\(gesture)</script>"), "written after the page's last byte")
        #expect(body.contains("<title>Tonight</title><script>window.top.pwned = 1</script>"), "the page's own bytes as they were")
        let policy = try #require(copy.headers["Content-Security-Policy"])
        let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(directives.contains("script-src 'sha256-\(Data(SHA256.hash(Array(gesture.utf8))).base64EncodedString())'"))
        #expect(directives.filter { $0.hasPrefix("script-src") }.count == 1, "one script-src: the hash, no 'unsafe-inline'")
        #expect(
            directives.first == "sandbox allow-popups allow-popups-to-escape-sandbox allow-scripts",
            "still its own origin: no allow-same-origin")
    }

    /// A 304 keeps the body the browser has: a build with another gesture script is another ETag.
    @Test func theCopysETagNamesTheGestureWrittenIn() throws {
        // setup
        let (ann, copies) = try signedIn(fetcher: FakePageFetcher(refusesFraming: true))
        ann.get(Route.eventsBook(page: 2).path)
        copies.waitUntilIdle()

        // MUT
        let copy = ann.get(Route.eventCopy(page: 2).path)

        // validate
        let etag = try #require(copy.headers["ETag"])
        let variant = try #require(try AssetCatalog.bundled().frameGesture?.variant)
        #expect(variant.count == 12)
        #expect(etag.hasSuffix("-\(variant)\""))
    }

    @Test func aSamplePageCarriesTheGestureUnderItsOwnPolicy() throws {
        // setup
        try SampleBook.install(pages: 12, in: web.library.database)
        let (ann, _) = try signedIn(fetcher: FakePageFetcher(refusesFraming: false))

        // MUT
        let page = ann.get(Route.samplePage(3).path)

        // validate
        let gesture = try Self.gestureSource()
        #expect(page.status == .ok)
        #expect(page.bodyText.hasSuffix("<script>\(gesture)</script>"))
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("script-src 'sha256-\(Data(SHA256.hash(Array(gesture.utf8))).base64EncodedString())'"))
        #expect(policy.contains("frame-ancestors 'self'"))
    }

    @Test func aScriptThatWouldEndItsElementIsRefused() {
        // MUT
        let error = #expect(throws: InlineScript.Unwritable.self) {
            try InlineScript(named: "bad.js", source: Array("let a = '</SCRIPT><img src=x>';".utf8))
        }

        // validate
        #expect(error?.description == "bad.js cannot be written into a page: it contains </script")
    }

    /// The script as it is in the build's assets.
    static func gestureSource() throws -> String {
        let folder = try #require(AssetCatalog.assetsFolder)
        return try String(contentsOf: folder.appendingPathComponent(AssetCatalog.frameGestureName), encoding: .utf8)
    }
}
