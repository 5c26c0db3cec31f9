import HTTPServer
import PageFetcher
import TestSupport
import Testing

/// A server where `/hop/N` redirects to `/hop/N-1` and `/hop/0` is the page.
private func startHopServer(requests: Recorder<Request> = Recorder<Request>()) throws -> Server {
    try startServer(requests: requests) { request in
        guard let remaining = Int(request.path.dropFirst("/hop/".count)), remaining > 0 else { return .html("arrived") }
        return .redirect(to: "/hop/\(remaining - 1)", status: .found)
    }
}

@Suite struct RedirectTests {
    @Test func threeRedirectsAreFollowedToTheFinalPage() throws {
        // setup
        let server = try startHopServer()
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher().fetch(baseURL(server) + "/hop/3")

        // validate
        #expect(page.finalURL == baseURL(server) + "/hop/0")
        #expect(page.redirects == 3)
        #expect(page.body == Array("arrived".utf8))
    }

    @Test func asManyRedirectsAsTheLimitAreFollowed() throws {
        // setup
        let server = try startHopServer()
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher().fetch(baseURL(server) + "/hop/5")

        // validate
        #expect(page.redirects == 5)
    }

    @Test func oneRedirectMoreThanTheLimitIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startHopServer(requests: requests)
        defer { server.stop() }

        // MUT
        let error = fetchError(loopbackFetcher(), baseURL(server) + "/hop/6")

        // validate
        #expect(error == .tooManyRedirects(limit: 5))
        #expect(requests.all.map(\.path).last == "/hop/1")
    }

    @Test func aLowerLimitIsKept() throws {
        // setup
        let server = try startHopServer()
        defer { server.stop() }

        // MUT
        let error = fetchError(loopbackFetcher { $0.maximumRedirects = 0 }, baseURL(server) + "/hop/1")

        // validate
        #expect(error == .tooManyRedirects(limit: 0))
    }

    @Test(arguments: ["ftp://127.0.0.1/pub/page.html", "file:///etc/passwd", "gopher://127.0.0.1/1"])
    func aRedirectAwayFromHTTPIsRefused(target: String) throws {
        // setup
        let server = try startServer { _ in .redirect(to: target, status: .found) }
        defer { server.stop() }

        // MUT
        let error = fetchError(loopbackFetcher(), baseURL(server) + "/")

        // validate
        #expect(error == .notHTTP(target))
    }
}
