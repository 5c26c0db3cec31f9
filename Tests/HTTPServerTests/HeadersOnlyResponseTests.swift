import Foundation
import HTTPServer
import Testing

/// A handler that answers every request with headers only, declaring `length`.
private func headersOnlyServer(length: UInt64) throws -> Server {
    try startServer { _ in
        Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .headersOnly(length: length))
    }
}

@Suite struct HeadersOnlyResponseTests {
    @Test func aHeadGetsTheDeclaredLengthAndNoBody() throws {
        // setup
        let server = try headersOnlyServer(length: 95_000_000)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("HEAD /export HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let received = String(decoding: try connection.receiveUntilClosed(), as: UTF8.self)

        // validate
        let parts = received.components(separatedBy: "\r\n\r\n")
        #expect(parts[0].hasPrefix("HTTP/1.1 200 "))
        #expect(parts[0].contains("\r\nContent-Length: 95000000"))
        #expect(parts[0].contains("\r\nContent-Type: application/octet-stream"))
        #expect(parts.count == 2 && parts[1] == "")
    }

    /// A GET given it by mistake gets the head and then the connection closed: no body bytes,
    /// rather than a body that is not what the headers describe.
    @Test func aGetGivenItByMistakeIsCutOffWithoutABody() throws {
        // setup
        let server = try headersOnlyServer(length: 5000)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET /export HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let received = try connection.receiveUntilClosed()

        // validate
        let text = String(decoding: received, as: UTF8.self)
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        #expect(body.isEmpty)
    }
}
