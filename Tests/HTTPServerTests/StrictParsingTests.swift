import HTTPServer
import TestSupport
import Testing

/// What libmicrohttpd 0.9.75 does with requests that bend HTTP/1.1, checked on the wire.
@Suite struct StrictParsingTests {
    @Test func headerLineWithoutAColonIsRefusedWithoutCallingTheHandler() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 400)
        #expect(connection.isClosedByServer(within: 5))
        #expect(requests.count == 0)
    }

    @Test func http11RequestWithoutHostIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/1.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 400)
        #expect(requests.count == 0)
    }

    @Test func lenientParsingAcceptsAnHTTP11RequestWithoutHost() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.strictParsing = false }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/1.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 200)
        #expect(requests.count == 1)
    }

    @Test func spaceInsideTheRequestTargetIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")

        // validate: libmicrohttpd 0.9.75 closes without an answer.
        #expect(try connection.receiveUntilClosed().isEmpty)
        #expect(requests.count == 0)
    }

    @Test func hostWithSpaceBeforeTheColonIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 400)
        #expect(requests.count == 0)
    }

    /// RFC 9112 §5.1: "A server MUST reject, with a response status code of 400 (Bad Request),
    /// any received request message that contains whitespace between a header field name and
    /// colon." `Configuration.strictParsing` promises it too. libmicrohttpd 0.9.75 keeps the
    /// space in the name instead, so `Content-Length : 5` is not a Content-Length for this
    /// server but may be one for a proxy in front of it: a request-smuggling seam.
    @Test func anyHeaderWithWhitespaceBeforeTheColonIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length : 5\r\n\r\nhello")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 400)
        #expect(requests.count == 0)
    }

    /// RFC 9112 §2.2 lets a recipient take a bare LF as a line end, and libmicrohttpd 0.9.75
    /// does, even with strict parsing on (the `strictParsing` documentation says otherwise).
    @Test func bareLineFeedsAreTakenAsLineEnds() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET /lf HTTP/1.1\nHost: 127.0.0.1\nX-Line: feed\n\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 200)
        let request = try #require(requests.last)
        #expect(request.path == "/lf")
        #expect(request.headers["X-Line"] == "feed")
    }

    @Test func unsupportedHTTPVersionIsAnswered505() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 505)
        #expect(requests.count == 0)
    }

    @Test func headersLargerThanTheConnectionMemoryLimitAreAnswered431() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.connectionMemoryLimit = 16 * 1024 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "v", count: 20_000))\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 431)
        #expect(requests.count == 0)
    }

    @Test func targetLongerThanTheConnectionMemoryLimitIsAnswered414() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.connectionMemoryLimit = 16 * 1024 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET /\(String(repeating: "p", count: 20_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 414)
        #expect(requests.count == 0)
    }
}
