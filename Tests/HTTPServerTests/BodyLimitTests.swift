import HTTPServer
import TestSupport
import Testing

@Suite struct BodyLimitTests {
    @Test func oversizedContentLengthIsAnswered413WithoutWaitingForTheBody() throws {
        // setup
        let log = LogRecorder()
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1 << 20 }, log: log, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT: announce 100 MB and send none of it; the answer must come anyway.
        try connection.send("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 104857600\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 413)
        #expect(response.text.contains("1048576 bytes"))
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(connection.isClosedByServer(within: 5))
        #expect(requests.count == 0)
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        #expect(log.accessLines.first?.hasPrefix("POST /upload 413 ") == true)
    }

    @Test(arguments: ["PUT", "PATCH", "DELETE"])
    func oversizedContentLengthIsRefusedWhateverTheMethod(method: String) throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 100 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("\(method) /thing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 101\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 413)
        #expect(requests.count == 0)
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let body = [UInt8].pattern(count: 1000)

        // MUT
        let response = try fetch(port: server.port, method: "POST", "/upload", body: body)

        // validate
        #expect(response.status == 200)
        #expect(requests.last?.body == body)
    }

    @Test func bodyOneByteOverTheLimitIsRefused() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, method: "POST", "/upload", body: .pattern(count: 1001))

        // validate
        #expect(response.status == 413)
        #expect(requests.count == 0)
    }

    @Test func chunkedBodyGrowingPastTheLimitIsAnswered413() throws {
        // setup
        let log = LogRecorder()
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, log: log, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let chunk = "190\r\n" + String(repeating: "x", count: 400) + "\r\n"

        // MUT: three chunks of 400 bytes, 1200 in all, with no Content-Length to refuse early.
        try connection.send("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 1...3 { try connection.send(chunk) }
        try connection.send("0\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 413)
        #expect(requests.count == 0)
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        #expect(log.accessLines.first?.hasPrefix("POST /upload 413 ") == true)
    }

    @Test func expectContinueWithAnOversizedBodyGets413InsteadOf100() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
        let response = try connection.receiveResponse()

        // validate
        #expect(response.status == 413)
        #expect(requests.count == 0)
    }

    @Test func expectContinueWithinTheLimitGets100ThenTheAnswer() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.maximumBodySize = 1000 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        try connection.send("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        let interim = try connection.receiveResponse()
        try connection.send("hello")
        let response = try connection.receiveResponse()

        // validate
        #expect(interim.status == 100)
        #expect(response.status == 200)
        #expect(requests.last?.body == Array("hello".utf8))
    }
}
