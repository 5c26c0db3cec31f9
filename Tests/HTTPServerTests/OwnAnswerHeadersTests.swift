import Foundation
import HTTPServer
import TestSupport
import Testing

/// The answers libmicrohttpd makes by itself, before any handler runs, carry a Content-Type and
/// the headers of every answer too.
@Suite struct OwnAnswerHeadersTests {
    static let everyAnswer: Headers = ["Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff"]

    @Test(arguments: [
        (
            "a header block larger than the connection's memory",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n", 431
        ),
        (
            "a request line larger than the connection's memory",
            "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414
        ),
        ("no Host", "GET / HTTP/1.1\r\n\r\n", 400),
    ])
    func theLibrarysOwnRefusalsCarryTheHeadersOfEveryAnswer(what: String, request: String, status: Int) throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.headersOnEveryResponse = Self.everyAnswer }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send(request)
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == status, "\(what)")
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8", "\(what)")
        #expect(response.headers.values("Content-Security-Policy") == ["default-src 'self'"], "\(what)")
        #expect(response.headers.values("X-Content-Type-Options") == ["nosniff"], "\(what)")
        #expect(requests.count == 0, "libmicrohttpd answered, not the handler")
    }

    @Test func answersOfTheHandlerAreLeftAsTheyAre() throws {
        // setup: a handler's 404 that sets its own policy and no Content-Type.
        let server = try startServer(
            configure: { $0.headersOnEveryResponse = Self.everyAnswer },
            handler: { _ in
                Response(status: .notFound, headers: ["Content-Security-Policy": "sandbox"])
            })
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/missing")

        // validate: nothing doubled, nothing replaced; an error answer says what its (empty) body is.
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers.values("Content-Security-Policy") == ["sandbox"])
        #expect(response.headers.values("X-Content-Type-Options") == ["nosniff"])
    }
}
