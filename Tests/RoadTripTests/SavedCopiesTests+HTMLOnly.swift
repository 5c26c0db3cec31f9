import Foundation
import Testing
@testable import RoadTrip

/// A copy is served from RoadTrip's own origin, so only an HTML page is kept (issue 30, 2): a
/// script, an SVG or JSON kept there would run, or be read, as RoadTrip's own.
extension SavedCopiesTests {
    func fetched(_ fetcher: FakeEventFetcher) -> SavedCopies {
        let copies = copies(fetcher)
        copies.request([Self.fair])
        copies.waitUntilIdle()
        return copies
    }

    @Test(arguments: [
        ("text/javascript", "text/javascript"), ("application/javascript; charset=utf-8", "application/javascript"),
        ("TEXT/JavaScript", "text/javascript"), ("image/svg+xml", "image/svg+xml"), ("application/json", "application/json"),
        ("text/plain; charset=utf-8", "text/plain"), ("application/xhtml+xml", "application/xhtml+xml"),
        ("application/pdf", "application/pdf"),
    ])
    func anAnswerThatIsNotAnHTMLPageIsNotKeptAndThePageSaysWhy(contentType: String, named: String) throws {
        // setup
        let hostile = Array("window.top.pwned = 1; fetch('/session/form-token')".utf8)

        // MUT
        let copies = fetched(FakeEventFetcher(contentType: contentType, body: hostile))

        // validate
        #expect(copies.copy(of: Self.fair) == nil)
        #expect(!FileManager.default.fileExists(atPath: copies.files(for: Self.fair).page.path), "nothing kept on disk")
        #expect(
            copies.state(of: Self.fair)
                == .failed(
                    reason: "The site answered \(named), not a web page; RoadTrip copies only HTML pages."
                ))
    }

    @Test(arguments: [nil, "", "html", "; charset=utf-8", "text/", "text html"] as [String?])
    func anAnswerThatDoesNotSayItIsHTMLIsNotKept(contentType: String?) {
        // MUT
        let copies = fetched(FakeEventFetcher(contentType: contentType))

        // validate
        #expect(copies.copy(of: Self.fair) == nil)
        #expect(
            copies.state(of: Self.fair)
                == .failed(
                    reason: "The site answered without saying what it sent; RoadTrip copies only HTML pages."
                ))
    }

    @Test(arguments: [
        ("text/html; charset=\"ISO-8859-1\"", "text/html; charset=ISO-8859-1"), ("Text/HTML;Charset=UTF-8", "text/html; charset=UTF-8"),
        ("text/html", "text/html"), ("text/html; charset=utf-8\r\nSet-Cookie: a=b", "text/html"), ("text/html; charset=<b>", "text/html"),
    ])
    func aCopyIsKeptAsHTMLInTheCharsetTheSiteNamedWhenItIsAPlainName(contentType: String, kept: String) throws {
        // MUT
        let copies = fetched(FakeEventFetcher(contentType: contentType))

        // validate
        #expect(try #require(copies.copy(of: Self.fair)).contentType == kept)
    }

    /// Browsers look for a `<meta charset>` in the first 1024 bytes only, and the copy's `<base>` goes before it.
    @Test(arguments: ["<meta charset=\"windows-1252\">", "<META http-equiv=Content-Type content=\"text/html; charset=windows-1252\">"])
    func withoutACharsetFromTheSiteThePagesOwnIsServed(meta: String) throws {
        // setup
        let body = Array("<!doctype html><html><head>\(meta)<title>Caf".utf8) + [0xE9] + Array("</title></head></html>".utf8)

        // MUT
        let copies = fetched(FakeEventFetcher(contentType: "text/html", body: body))

        // validate
        #expect(try #require(copies.copy(of: Self.fair)).contentType == "text/html; charset=windows-1252")
    }

    /// An earlier RoadTrip kept any type, and served the copy as it: such a copy is no copy, and
    /// the next request fetches the page again (and keeps it only if it is HTML now).
    @Test(arguments: ["\"text/javascript\"", "\"image/svg+xml\"", "null"])
    func aCopyAnEarlierRoadTripKeptAsSomethingElseIsNoCopyAndIsFetchedAgain(storedType: String) throws {
        // setup
        let fetcher = FakeEventFetcher()
        let copies = fetched(fetcher)
        let metadata = copies.files(for: Self.fair).metadata
        let json = String(decoding: try Data(contentsOf: metadata), as: UTF8.self)
        let rewritten = json.replacing(#/"contentType":"[^"]*"/#, with: "\"contentType\":\(storedType)")
        try #require(rewritten != json)
        try Data(rewritten.utf8).write(to: metadata)

        // MUT
        let before = copies.copy(of: Self.fair)
        copies.request([Self.fair])
        copies.waitUntilIdle()

        // validate
        #expect(before == nil)
        #expect(fetcher.requested == [Self.fair, Self.fair])
        #expect(try #require(copies.copy(of: Self.fair)).contentType == "text/html; charset=utf-8")
    }
}
