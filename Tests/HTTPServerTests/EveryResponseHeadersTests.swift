import HTTPServer
import Testing

/// `headersOnEveryResponse` reaches the answers the handler never sees as well as its own.
@Suite struct EveryResponseHeadersTests {
    private func configure(_ configuration: inout Configuration) {
        configuration.maximumBodySize = 100
        configuration.headersOnEveryResponse = ["X-Policy": "strict", "X-Other": "server"]
    }

    @Test func theServersOwn413CarriesThem() throws {
        // setup
        let server = try startServer(configure: configure, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 101\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 413)
        #expect(response.headers["X-Policy"] == "strict")
    }

    @Test func theServersOwn400ForAMalformedHeaderCarriesThem() throws {
        let server = try startServer(configure: configure, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad : 1\r\n\r\n")
        let response = try connection.receiveResponse()

        #expect(response.status == 400)
        #expect(response.headers["X-Policy"] == "strict")
    }

    @Test func aHandlersOwnValueWinsAndTheRestAreAdded() throws {
        let server = try startServer(configure: configure) { _ in
            Response(headers: ["X-Other": "handler"], body: .bytes(Array("ok".utf8)))
        }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        let response = try connection.request("/")

        #expect(response.status == 200)
        #expect(response.headers["X-Other"] == "handler")
        #expect(response.headers["X-Policy"] == "strict")
        #expect(response.headers.values("X-Other").count == 1)
    }
}
