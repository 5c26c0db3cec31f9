import Glibc
import HTTPServer
import TestSupport
@testable import PageFetcher
import Testing

@Suite struct FetchTests {
    @Test func aPageIsFetchedWithItsContentTypeAndBody() throws {
        // setup
        let server = try startServer { _ in .html("<h1>Route 66</h1>") }
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher().fetch(baseURL(server) + "/events/66")

        // validate
        #expect(page.status == 200)
        #expect(page.contentType == "text/html; charset=utf-8")
        #expect(page.body == Array("<h1>Route 66</h1>".utf8))
        #expect(page.finalURL == baseURL(server) + "/events/66")
        #expect(page.redirects == 0)
    }

    @Test func anAnswerOtherThan2xxIsRefusedWithItsStatus() throws {
        // setup
        let server = try startServer { request in
            request.path == "/gone" ? .text("not here", status: .notFound) : .text("broken", status: .internalServerError)
        }
        defer { server.stop() }
        let fetcher = loopbackFetcher()

        // MUT
        let missing = fetchError(fetcher, baseURL(server) + "/gone")
        let broken = fetchError(fetcher, baseURL(server) + "/broken")

        // validate
        #expect(missing == .httpStatus(404))
        #expect(broken == .httpStatus(500))
    }

    @Test(arguments: ["gzip", "deflate"])
    func anEncodedAnswerIsDecoded(encoding: String) throws {
        // setup
        let html = Array("<p>Chapter 1</p><p>This is the page 1 of content</p>".utf8)
        let encoded = encoding == "gzip" ? Compressed.gzip(html) : Compressed.zlib(html)
        let server = try startServer { _ in
            Response(headers: ["Content-Type": "text/html", "Content-Encoding": encoding], body: .bytes(encoded))
        }
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher().fetch(baseURL(server) + "/")

        // validate
        #expect(page.body == html)
    }

    @Test func theRequestNamesRoadTripAndOffersCompressionButNoCookieFromAnEarlierHop() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { request in
            guard request.path == "/start" else { return .text("done") }
            var response = Response.redirect(to: "/after", status: .found)
            response.headers.add("Set-Cookie", "session=tracked; Path=/")
            return response
        }
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher { $0.userAgent = "RoadTrip/test" }.fetch(baseURL(server) + "/start")

        // validate
        #expect(page.body == Array("done".utf8))
        let headers = requests.all.map(\.headers)
        try #require(headers.count == 2)
        #expect(headers.allSatisfy { $0["User-Agent"] == "RoadTrip/test" })
        #expect(headers[0]["Accept-Encoding"]?.contains("gzip") == true)
        #expect(headers[1]["Cookie"] == nil)
    }

    @Test func aSlowServerRunsOutOfTime() throws {
        // setup
        let server = try startServer { _ in
            usleep(1_600_000)
            return .text("too late")
        }
        defer { server.stop() }
        let clock = ContinuousClock()
        let started = clock.now

        // MUT
        let error = fetchError(loopbackFetcher { $0.timeout = 1 }, baseURL(server) + "/")

        // validate
        #expect(error == .timedOut(seconds: 1))
        #expect(clock.now - started < .milliseconds(1_500))
    }

    @Test func fetchesFromSeveralThreadsAtOnceEachGetTheirOwnPage() async throws {
        // setup
        let server = try startServer { request in .text(request.path) }
        defer { server.stop() }
        let fetcher = loopbackFetcher()
        let base = baseURL(server)

        // MUT
        let bodies = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for index in 0..<8 {
                group.addTask { (index, try fetcher.fetch(base + "/page/\(index)").body) }
            }
            return try await group.reduce(into: [Int: [UInt8]]()) { $0[$1.0] = $1.1 }
        }

        // validate
        #expect(bodies.count == 8)
        for (index, body) in bodies {
            #expect(body == Array("/page/\(index)".utf8))
        }
    }
}
