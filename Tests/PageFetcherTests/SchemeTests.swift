import HTTPServer
import PageFetcher
import TestSupport
import Testing

@Suite struct SchemeTests {
    @Test(arguments: [
        "javascript:alert(1)", "ftp://127.0.0.1/page.html", "file:///etc/passwd", "/events/3", "events/3",
        "//127.0.0.1/page", "127.0.0.1/page", "localhost:8080/page", "", " http://127.0.0.1/", "data:text/html,hi",
    ])
    func anAddressThatIsNotHTTPIsRefused(url: String) {
        // MUT
        let error = fetchError(loopbackFetcher(), url)

        // validate
        #expect(error == .notHTTP(url))
    }

    @Test func schemesAreReadWhateverTheirCase() throws {
        // setup
        let server = try startServer { _ in .text("found") }
        defer { server.stop() }

        // MUT
        let page = try loopbackFetcher().fetch("HTTP://127.0.0.1:\(server.port)/")

        // validate
        #expect(page.body == Array("found".utf8))
    }

    @Test func aRefusedAddressIsReportedWithoutItsPassword() {
        // MUT
        let error = fetchError(loopbackFetcher(), "ftp://trip:s3cret@127.0.0.1/page")

        // validate
        #expect(error == .notHTTP("ftp://127.0.0.1/page"))
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test func credentialsInTheAddressAreNeverSent() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { _ in .text("ok") }
        defer { server.stop() }

        // MUT
        let error = fetchError(loopbackFetcher(), "http://trip:s3cret@127.0.0.1:\(server.port)/")

        // validate
        guard case .network(let message) = error else {
            Issue.record("expected the address to be refused, got \(String(describing: error))")
            return
        }
        #expect(message.contains("user name or password"))
        #expect(!message.contains("s3cret"))
        #expect(requests.count == 0)
    }

    @Test func credentialsInARedirectAreNeverSentEither() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { request in
            request.path == "/inner"
                ? .text("inside")
                : .redirect(
                    to: "http://trip:s3cret@127.0.0.1:\(request.headers["Host"]?.split(separator: ":").last ?? "")/inner", status: .found)
        }
        defer { server.stop() }

        // MUT
        let error = fetchError(loopbackFetcher(), baseURL(server) + "/")

        // validate
        guard case .network(let message) = error else {
            Issue.record("expected the redirect to be refused, got \(String(describing: error))")
            return
        }
        #expect(!message.contains("s3cret"))
        #expect(requests.all.map(\.path) == ["/"])
    }
}
