import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct SecurityHeadersTests {
    let web: WebFixture

    init() throws {
        web = try WebFixture()
    }

    /// One response of every kind the app gives, by name.
    private func responsesOfEveryKind() throws -> [(kind: String, response: Response)] {
        let newYork = try web.destination(named: "New York City")
        let home = web.get(Route.home.path)
        let assetPath = try #require(Markup.staticURLs(in: home.bodyText).first)
        let asset = web.get(assetPath)
        let etag = try #require(asset.headers["ETag"])
        let imagePath = Route.destinationImage(id: newYork.id).path
        let image = web.get(imagePath)
        let imageTag = try #require(image.headers["ETag"])
        var responses: [(String, Response)] = [
            ("home page", home),
            ("destination page", web.get(Route.destination(id: newYork.id).path)),
            ("health", web.get(Route.health.path)),
            ("404 page", web.get("/nowhere")),
            ("405 page", web.request("POST", Route.home.path)),
            ("static asset", asset),
            ("asset 304", web.get(assetPath, headers: ["If-None-Match": etag])),
            ("destination image", image),
            ("image 304", web.get(imagePath, headers: ["If-None-Match": imageTag])),
        ]
        try web.library.database.write { try $0.executeScript("DROP TABLE destination_events") }
        responses.append(("500 page", web.get(Route.home.path)))
        return responses
    }

    @Test func everyResponseCarriesTheContentSecurityPolicyAndNosniff() throws {
        // setup + MUT
        let responses = try responsesOfEveryKind()

        // validate: every kind was really produced, then each carries the headers.
        #expect(responses.map(\.response.status.code) == [200, 200, 200, 404, 405, 200, 304, 200, 304, 500])
        for (kind, response) in responses {
            let policy = response.headers["Content-Security-Policy"] ?? ""
            #expect(policy.contains("default-src 'self'"), "\(kind): \(policy)")
            #expect(policy.contains("frame-ancestors 'self'"), "\(kind): \(policy)")
            #expect(policy.contains("script-src 'self'"), "\(kind): \(policy)")
            #expect(!policy.contains("'unsafe-inline'"), "\(kind): \(policy)")
            #expect(!policy.contains("'unsafe-eval'"), "\(kind): \(policy)")
            #expect(!policy.contains("*"), "\(kind): \(policy)")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(kind)")
            #expect(response.headers.values("Content-Security-Policy").count == 1, "\(kind)")
        }
    }

    @Test func everyPageObeysThePolicyWithoutInlineScriptStyleOrHandlers() throws {
        // setup: a destination whose text tries to smuggle in handlers, styles and a script.
        try web.library.catalog.importRecords([DestinationRecord(
            name: "Hostile onload=alert(1) style=x", imageName: "x.svg", locationTitle: "<script>t</script>",
            locationSubtitle: "\" onerror=\"alert(1)", coordinate: Coordinate(latitude: 1, longitude: 2),
            weatherURL: "https://example.com/?q=\"><script>alert(1)</script>", eventURLs: [], pointsOfInterest: []
        )])
        let hostile = try web.destination(named: "Hostile onload=alert(1) style=x")
        var pages = try responsesOfEveryKind().filter { $0.response.headers["Content-Type"]?.hasPrefix("text/html") == true }
        pages.append(("hostile destination page", web.get(Route.destination(id: hostile.id).path)))
        try #require(pages.count == 6)

        for (kind, page) in pages {
            // MUT
            let html = page.bodyText

            // validate: attribute values are blanked first, so text that merely reads like
            // `onload=` inside a value (escaped, harmless) is not mistaken for a handler.
            let tags = Markup.allTags(in: html).map { $0.replacing(#/="[^"]*"/#, with: "=\"\"") }
            #expect(tags.count > 20, "\(kind)")
            let scripts = Markup.tags("script", in: html)
            #expect(scripts.count == 1, "\(kind): \(scripts)")
            #expect(scripts.allSatisfy { Markup.attribute("src", of: $0)?.hasPrefix("/static/") == true }, "\(kind): \(scripts)")
            #expect(html.components(separatedBy: "<script").count == 2, "\(kind): a script element besides app.js")
            #expect(!html.contains("<style"), "\(kind)")
            #expect(!tags.contains { $0.contains(" style=") }, "\(kind)")
            let handlers = tags.filter { $0.contains(#/\son[a-z]+\s*=/#) }
            #expect(handlers.isEmpty, "\(kind): \(handlers)")
            #expect(!html.contains(#"="javascript:"#), "\(kind)")
        }
    }
}
