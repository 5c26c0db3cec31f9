import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct StaticAssetTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    /// The `/static/` addresses the rendered pages use.
    private func linkedAssets() throws -> [String] {
        let newYork = try web.destination(named: "New York City")
        let pages = [ann.get(Route.home.path), ann.get(Route.destination(id: newYork.id).path), ann.get("/nowhere")]
        return Array(Set(pages.flatMap { Markup.staticURLs(in: $0.bodyText) })).sorted()
    }

    @Test func pagesLinkTheStylesheetScriptAndIconByFingerprint() throws {
        // MUT
        let assets = try linkedAssets()

        // validate
        #expect(assets.count == 6, "\(assets)")
        for (stem, type) in [("app", "css"), ("app", "js"), ("book", "js"), ("photos", "js"), ("photos", "css"), ("icon", "svg")] {
            let served = assets.filter { $0.hasPrefix("/static/\(stem).") && $0.hasSuffix(".\(type)") }
            #expect(served.count == 1, "\(stem).\(type) in \(assets)")
            let fingerprint = served.first?.split(separator: ".")[1] ?? ""
            #expect(fingerprint.count == 16 && fingerprint.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(served)")
        }
    }

    @Test func everyLinkedAssetIsServedImmutableWithItsTypeAndAMatchingContentHash() throws {
        // setup
        let assets = try linkedAssets()
        try #require(!assets.isEmpty)
        let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml"]

        for path in assets {
            // MUT
            let response = ann.get(path)

            // validate
            #expect(response.status == .ok, "\(path)")
            let parts = path.split(separator: ".")
            try #require(parts.count == 3, "\(path)")
            #expect(response.headers["Content-Type"] == types[String(parts[2])], "\(path)")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(path)")
            #expect(response.headers["ETag"] != nil, "\(path)")
            #expect(response.headers["Last-Modified"] != nil, "\(path)")
            let body = response.bodyBytes
            #expect(!body.isEmpty, "\(path)")
            #expect(String(SHA256.hexDigest(body).prefix(16)) == String(parts[1]), "\(path): content does not match its fingerprint")
        }
    }

    @Test func theSignInPagesAssetsAreServedWithoutASession() throws {
        // setup
        let stranger = web.visitor()
        let assets = Markup.staticURLs(in: stranger.get(Route.signIn(next: nil).path).bodyText)
        try #require(assets.count == 6, "\(assets)")

        for path in assets {
            // MUT
            let response = stranger.get(path)

            // validate
            #expect(response.status == .ok, "\(path)")
            #expect(response.location == nil, "\(path)")
            #expect(!response.bodyBytes.isEmpty, "\(path)")
        }
    }

    @Test func aWrongFingerprintIsNotFound() throws {
        // setup
        let real = try #require(try linkedAssets().first { $0.hasSuffix(".css") })
        let fingerprint = real.split(separator: ".")[1]
        let wrong = real.replacingOccurrences(of: String(fingerprint), with: fingerprint == "0000000000000000" ? "1111111111111111" : "0000000000000000")

        // MUT
        let response = ann.get(wrong)
        let unfingerprinted = ann.get("/static/app.css")

        // validate
        #expect(response.status == .notFound)
        #expect(response.headers["Cache-Control"] != "public, max-age=31536000, immutable", "a 404 must not be cached for a year")
        #expect(unfingerprinted.status == .notFound)
    }

    @Test func aCurrentCopyIsAnswered304() throws {
        // setup
        let path = try #require(try linkedAssets().first)
        let first = ann.get(path)
        let etag = try #require(first.headers["ETag"])

        // MUT
        let again = ann.get(path, headers: ["If-None-Match": etag])
        let stale = ann.get(path, headers: ["If-None-Match": "\"not-the-tag\""])

        // validate
        #expect(again.status == .notModified)
        #expect(again.bodyBytes.isEmpty)
        #expect(again.headers["ETag"] == etag)
        #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(stale.status == .ok)
    }
}
