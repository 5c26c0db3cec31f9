import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@Suite struct ConnectionLimitTests {
    @Test func manyClientsWithKeepAliveRequestsAllGetTheirOwnAnswers() throws {
        // setup
        let log = LogRecorder()
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.threadPoolSize = 4 }, log: log, requests: requests) { request in
            .text("answer to \(request.path)")
        }
        defer { server.stop() }
        let clients = 32, requestsPerClient = 20
        let wrong = Mutex<[String]>([])
        let finished = DispatchGroup()

        // MUT
        for client in 0..<clients {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                do {
                    let connection = try RawConnection(port: server.port)
                    for index in 0..<requestsPerClient {
                        let response = try connection.request("/client/\(client)/request/\(index)")
                        if response.status != 200 || response.text != "answer to /client/\(client)/request/\(index)" {
                            wrong.withLock { $0.append("client \(client) request \(index): \(response.status) \(response.text)") }
                        }
                    }
                } catch {
                    wrong.withLock { $0.append("client \(client): \(error)") }
                }
            }
        }

        // validate
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(wrong.withLock { $0 } == [])
        #expect(requests.count == clients * requestsPerClient)
        #expect(eventually(within: 5) { server.requestsInProgress == 0 })
        #expect(eventually(within: 5) { log.accessLines.count == clients * requestsPerClient })
    }

    @Test func connectionsBeyondThePerIPLimitAreClosedWhileTheFirstOnesKeepWorking() throws {
        // setup
        let server = try startServer(configure: { $0.perIPConnectionLimit = 2 }, handler: answerOK)
        defer { server.stop() }
        // Each of the first two answers a request before the next is opened, so the server has
        // surely counted it.
        let first = try RawConnection(port: server.port)
        #expect(try first.request("/1").status == 200)
        let second = try RawConnection(port: server.port)
        #expect(try second.request("/2").status == 200)

        // MUT
        let third = try RawConnection(port: server.port)
        let fourth = try RawConnection(port: server.port)

        // validate
        #expect(third.isClosedByServer(within: 5))
        #expect(fourth.isClosedByServer(within: 5))
        #expect(try first.request("/1-again").status == 200)
        #expect(try second.request("/2-again").status == 200)
    }

    @Test func connectionFreedBelowThePerIPLimitLetsANewOneIn() throws {
        // setup
        let server = try startServer(configure: { $0.perIPConnectionLimit = 1 }, handler: answerOK)
        defer { server.stop() }
        do {
            let first = try RawConnection(port: server.port)
            try first.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            _ = try first.receiveUntilClosed()
        }

        // MUT
        let next = eventually(within: 5) {
            (try? RawConnection(port: server.port).request("/next").status) == 200
        }

        // validate
        #expect(next)
    }

    @Test func idleConnectionIsClosedAfterTheConnectionTimeout() throws {
        // setup
        let server = try startServer(configure: { $0.connectionTimeout = 1 }, handler: answerOK)
        defer { server.stop() }
        let idle = try RawConnection(port: server.port)
        #expect(try idle.request("/").status == 200)

        // MUT
        let closed = idle.isClosedByServer(within: 5)

        // validate
        #expect(closed)
    }

    @Test func connectionThatSendsHalfARequestIsClosedAfterTheConnectionTimeout() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(configure: { $0.connectionTimeout = 1 }, requests: requests, handler: answerOK)
        defer { server.stop() }
        let slow = try RawConnection(port: server.port)

        // MUT
        try slow.send("GET /slowloris HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Still: ")

        // validate
        #expect(slow.isClosedByServer(within: 5))
        #expect(requests.count == 0)
    }
}
