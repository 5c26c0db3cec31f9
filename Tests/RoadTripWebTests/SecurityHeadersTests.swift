import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct SecurityHeadersTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    /// One response of every kind the app gives, by name.
    private func responsesOfEveryKind() throws -> [(kind: String, response: Response)] {
        let newYork = try web.destination(named: "New York City")
        let home = ann.get(Route.home.path)
        let assetPath = try #require(Markup.staticURLs(in: home.bodyText).first)
        let asset = ann.get(assetPath)
        let etag = try #require(asset.headers["ETag"])
        let imagePath = Route.destinationImage(id: newYork.id).path
        let image = ann.get(imagePath)
        let imageTag = try #require(image.headers["ETag"])
        var responses: [(String, Response)] = [
            ("home page", home),
            ("destination page", ann.get(Route.destination(id: newYork.id).path)),
            ("health", ann.get(Route.health.path)),
            ("404 page", ann.get("/nowhere")),
            ("405 page", ann.request("PUT", Route.home.path)),
            ("static asset", asset),
            ("asset 304", ann.get(assetPath, headers: ["If-None-Match": etag])),
            ("destination image", image),
            ("image 304", ann.get(imagePath, headers: ["If-None-Match": imageTag])),
        ]
        let stranger = web.visitor(address: "198.51.100.1")
        responses.append(("redirect to sign in", stranger.get(Route.home.path)))
        responses.append(("sign-in page", stranger.get(Route.signIn(next: nil).path)))
        responses.append(
            ("wrong password page", stranger.post(Route.signIn(next: nil).path, [("name", "Ann"), ("password", "not the password")])))
        responses.append(("403 form refused", ann.post(Route.accounts.path, [("name", "Bob")], csrf: .omitted)))
        responses.append(("415 not a form", ann.postBody(Route.accounts.path, body: Array("{}".utf8), contentType: "application/json")))
        responses.append(("400 malformed form", ann.postBody(Route.accounts.path, body: Array("name=%G1".utf8))))
        let secondBrowser = try web.signedIn(try #require(try web.library.accounts.account(named: "Ann")))
        responses.append(("redirect after sign out", secondBrowser.post(Route.signOut.path)))
        try web.library.database.write { try $0.executeScript("DROP TABLE destination_events") }
        responses.append(("500 page", ann.get(Route.home.path)))
        return responses
    }

    @Test func everyResponseCarriesTheContentSecurityPolicyAndNosniff() throws {
        // setup + MUT
        let responses = try responsesOfEveryKind()

        // validate: every kind was really produced, then each carries the headers.
        #expect(
            responses.map(\.response.status.code) == [200, 200, 200, 404, 405, 200, 304, 200, 304, 303, 200, 401, 403, 415, 400, 303, 500])
        for (kind, response) in responses {
            let policy = response.headers["Content-Security-Policy"] ?? ""
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(kind)")
            #expect(response.headers.values("Content-Security-Policy").count == 1, "\(kind)")
            // A picture (an SVG above all) runs nothing: PicturePolicyTests.
            if kind.hasPrefix("destination image") || kind.hasPrefix("image 304") {
                #expect(policy == SecurityHeaders.picturePolicy, "\(kind): \(policy)")
                continue
            }
            #expect(policy.contains("default-src 'self'"), "\(kind): \(policy)")
            #expect(policy.contains("frame-ancestors 'self'"), "\(kind): \(policy)")
            #expect(policy.contains("script-src 'self'"), "\(kind): \(policy)")
            #expect(!policy.contains("'unsafe-inline'"), "\(kind): \(policy)")
            #expect(!policy.contains("'unsafe-eval'"), "\(kind): \(policy)")
            #expect(!policy.contains("*"), "\(kind): \(policy)")
        }
    }

    @Test func everyPageObeysThePolicyWithoutInlineScriptStyleOrHandlers() throws {
        // setup: a destination whose text tries to smuggle in handlers, styles and a script.
        try web.library.catalog.importRecords([
            DestinationRecord(
                name: "Hostile onload=alert(1) style=x", imageName: "x.svg", locationTitle: "<script>t</script>",
                locationSubtitle: "\" onerror=\"alert(1)", coordinate: Coordinate(latitude: 1, longitude: 2)!,
                weatherURL: "https://example.com/?q=\"><script>alert(1)</script>", eventURLs: [], pointsOfInterest: []
            )
        ])
        let hostile = try web.destination(named: "Hostile onload=alert(1) style=x")
        var pages = try responsesOfEveryKind().filter { $0.response.headers["Content-Type"]?.hasPrefix("text/html") == true }
        pages.append(("hostile destination page", ann.get(Route.destination(id: hostile.id).path)))
        try #require(pages.count == 11, "\(pages.map(\.kind))")

        for (kind, page) in pages {
            // MUT
            let html = page.bodyText

            // validate: attribute values are blanked first, so text that merely reads like
            // `onload=` inside a value (escaped, harmless) is not mistaken for a handler.
            let tags = Markup.allTags(in: html).map { $0.replacing(#/="[^"]*"/#, with: "=\"\"") }
            #expect(tags.count > 20, "\(kind)")
            let scripts = Markup.tags("script", in: html)
            #expect(
                Markup.attribute("src", of: scripts.first ?? "")?.hasPrefix("/static/app.") == true, "app.js first, \(kind): \(scripts)")
            #expect(scripts.count <= 1 + ScreenScript.all.count, "app.js and screens' scripts only, \(kind): \(scripts)")
            #expect(scripts.allSatisfy { Markup.attribute("src", of: $0)?.hasPrefix("/static/") == true }, "\(kind): \(scripts)")
            #expect(
                html.components(separatedBy: "<script").count == scripts.count + 1,
                "\(kind): a script element that is not one of RoadTrip's files")
            #expect(!html.contains("<style"), "\(kind)")
            #expect(!tags.contains { $0.contains(" style=") }, "\(kind)")
            let handlers = tags.filter { $0.contains(#/\son[a-z]+\s*=/#) }
            #expect(handlers.isEmpty, "\(kind): \(handlers)")
            #expect(!html.contains(#"="javascript:"#), "\(kind)")
        }
    }
}
