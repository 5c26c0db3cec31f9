import HTTPServer
@testable import PageFetcher
import Testing

/// Whether a page may be shown in RoadTrip's frame, read from its response headers.
@Suite struct FramingTests {
    @Test(
        arguments: [
            ("DENY", nil, true),
            ("SAMEORIGIN", nil, true),
            (nil, "frame-ancestors 'self'", true),
            (nil, "default-src 'self'; frame-ancestors 'none'", true),
            (nil, "frame-ancestors https://partner.example", true),
            (nil, "frame-ancestors *", false),
            (nil, "default-src 'self'", false),
            (nil, nil, false),
        ] as [(String?, String?, Bool)])
    func framingRulesAreReadFromTheHeaders(frameOptions: String?, policy: String?, refuses: Bool) {
        let result = FetchedPage.refusesFraming(
            frameOptions: frameOptions.map { [$0] } ?? [], contentSecurityPolicies: policy.map { [$0] } ?? [])
        #expect(result == refuses)
    }

    @Test func aPageThatForbidsFramingIsMarkedAndOneThatAllowsItIsNot() throws {
        // setup
        let server = try startServer { request in
            var response = Response.html("<p>event</p>")
            if request.path == "/denied" { response.headers["X-Frame-Options"] = "DENY" }
            if request.path == "/ancestors" { response.headers["Content-Security-Policy"] = "frame-ancestors 'self'" }
            return response
        }
        defer { server.stop() }
        let fetcher = loopbackFetcher()

        // MUT
        let denied = try fetcher.fetch(baseURL(server) + "/denied")
        let ancestors = try fetcher.fetch(baseURL(server) + "/ancestors")
        let open = try fetcher.fetch(baseURL(server) + "/open")

        // validate
        #expect(denied.refusesFraming)
        #expect(ancestors.refusesFraming)
        #expect(!open.refusesFraming)
    }
}
