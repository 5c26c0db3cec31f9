import HTTPServer
import TestSupport
import Testing

@Suite struct RequestHandlingTests {
    @Test func getIsAnsweredWithTheHandlersStatusHeadersAndBody() throws {
        // setup
        let server = try startServer { _ in
            Response(
                status: .created, headers: ["Content-Type": "text/plain", "X-Answer": "forty-two"], body: .bytes(Array("made it".utf8)))
        }
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/things")

        // validate
        #expect(response.status == 201)
        #expect(response.reason == "Created")
        #expect(response.headers["X-Answer"] == "forty-two")
        #expect(response.headers["Content-Type"] == "text/plain")
        #expect(response.headers["Content-Length"] == "7")
        #expect(response.text == "made it")
    }

    @Test func handlerSeesADecodedPathWithoutTheQueryAndDecodedQueryParameters() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/caf%C3%A9/a%20b?name=J%C3%BCrgen&phrase=a+b%26c&flag")

        // validate
        #expect(response.status == 200)
        let request = try #require(requests.last)
        #expect(request.method == "GET")
        #expect(request.path == "/café/a b")
        #expect(request.query.map(\.name) == ["name", "phrase", "flag"])
        #expect(request.query.map(\.value) == ["Jürgen", "a b&c", ""])
        #expect(request.queryValue("phrase") == "a b&c")
        #expect(request.queryValue("missing") == nil)
    }

    @Test func requestHeadersAreFoundWhateverTheirCase() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        _ = try fetch(port: server.port, "/", headers: [("X-Trip-Name", "Route 66"), ("accept-language", "fr")])

        // validate
        let headers = try #require(requests.last).headers
        #expect(headers["x-trip-name"] == "Route 66")
        #expect(headers["X-TRIP-NAME"] == "Route 66")
        #expect(headers["Accept-Language"] == "fr")
        #expect(headers["Host"] == "127.0.0.1")
        #expect(headers["X-Absent"] == nil)
    }

    @Test func clientAddressIsTheLoopbackAddress() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        _ = try fetch(port: server.port, "/")

        // validate
        #expect(try #require(requests.last).clientAddress == "127.0.0.1")
    }

    @Test func postBodyArrivesIntactByteForByte() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1 << 20 }, requests: requests) { request in
            Response(body: .bytes(Array(String(request.body.count).utf8)))
        }
        defer { server.stop() }
        let body = [UInt8].pattern(count: 100 * 1024)

        // MUT
        let response = try fetch(
            port: server.port, method: "POST", "/upload", headers: [("Content-Type", "application/octet-stream")], body: body)

        // validate
        #expect(response.status == 200)
        #expect(response.text == "102400")
        let request = try #require(requests.last)
        #expect(request.method == "POST")
        #expect(request.body == body)
    }

    @Test func chunkedBodyWithinTheLimitArrivesReassembled() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("POST /chunks HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        try connection.send("5\r\nhello\r\n")
        try connection.send("7\r\n, world\r\n0\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 200)
        #expect(try #require(requests.last).body == Array("hello, world".utf8))
    }

    @Test func headGetsTheStatusAndHeadersOfGetButNoBody() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { _ in
            Response(status: .ok, headers: ["Content-Type": "text/csv", "X-Rows": "2"], body: .bytes(Array("a,b\n1,2\n".utf8)))
        }
        defer { server.stop() }
        let get = try fetch(port: server.port, "/table.csv")
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("HEAD /table.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let everything = try connection.receiveUntilClosed()

        // validate
        let text = String(decoding: everything, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        #expect(parts.last == "", "a HEAD answer carries no body bytes")
        #expect(parts[0].hasPrefix("HTTP/1.1 \(get.status) OK\r\n"))
        #expect(parts[0].contains("\r\nContent-Length: \(get.body.count)"))
        #expect(parts[0].contains("\r\nContent-Type: text/csv"))
        #expect(parts[0].contains("\r\nX-Rows: 2"))
        #expect(requests.last?.method == "HEAD")
    }

    @Test func keepAliveConnectionServesSeveralRequestsInOrder() throws {
        // setup
        let server = try startServer { request in .text(request.path) }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        let bodies = try (1...5).map { index throws(ClientFailure) in try connection.request("/\(index)").text }

        // validate
        #expect(bodies == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test func responseHeaderWithALineBreakIsNeverSent() throws {
        // setup
        let log = LogRecorder()
        let server = try startServer(log: log) { _ in
            Response(headers: ["X-Echo": "a\r\nSet-Cookie: injected=1"], body: .bytes(Array("body".utf8)))
        }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate: a plain 500 goes out instead, without the injected header or the body
        #expect(response.status == 500)
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(response.headers["X-Echo"] == nil)
        #expect(response.text != "body")
        #expect(eventually(within: 5) { log.accessLines.contains { $0.hasPrefix("GET /echo 500 ") } })
    }

    /// libmicrohttpd 0.9.75 refuses a `Content-Length` added by the application (it computes
    /// its own), and the server then drops the connection without any answer.
    @Test func handlerThatSetsItsOwnContentLengthStillGetsItsAnswerSent() throws {
        // setup
        let server = try startServer { _ in
            Response(headers: ["Content-Length": "2", "Content-Type": "text/plain"], body: .bytes(Array("hi".utf8)))
        }
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/")

        // validate
        #expect(response.status == 200)
        #expect(response.text == "hi")
        #expect(response.headers.values("Content-Length") == ["2"])
    }
}
