import HTTPServer
import PageFetcher
import Testing

@Suite struct SizeLimitTests {
    private let limited = loopbackFetcher { $0.maximumBytes = 1000 }

    @Test func aBodyOfExactlyTheLimitIsKept() throws {
        // setup
        let server = try startServer { _ in Response(body: .bytes(.init(repeating: 0x61, count: 1000))) }
        defer { server.stop() }

        // MUT
        let page = try limited.fetch(baseURL(server) + "/")

        // validate
        #expect(page.body.count == 1000)
    }

    @Test func aDeclaredLengthOverTheLimitIsRefused() throws {
        // setup
        let server = try startServer { _ in Response(body: .bytes(.init(repeating: 0x61, count: 1001))) }
        defer { server.stop() }

        // MUT
        let error = fetchError(limited, baseURL(server) + "/")

        // validate
        #expect(error == .tooLarge(limit: 1000))
    }

    @Test func aChunkedBodyIsCutOffOnceItPassesTheLimit() throws {
        // setup: 50 chunks of 100 bytes, far past the limit, and no length to refuse up front.
        let server = try RawHTTPServer { send in
            guard send(Array("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) else { return }
            for _ in 0..<50 {
                guard send(Array("64\r\n".utf8) + Array(repeating: 0x61, count: 100) + Array("\r\n".utf8)) else { return }
            }
            _ = send(Array("0\r\n\r\n".utf8))
        }
        defer { server.stop() }

        // MUT
        let error = fetchError(limited, "http://127.0.0.1:\(server.port)/")

        // validate
        #expect(error == .tooLarge(limit: 1000))
        #expect(server.connectionCount == 1)
    }

    @Test func aChunkedBodyUnderTheLimitIsKeptWhole() throws {
        // setup
        let server = try RawHTTPServer { send in
            _ = send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8))
        }
        defer { server.stop() }

        // MUT
        let page = try limited.fetch("http://127.0.0.1:\(server.port)/")

        // validate
        #expect(page.body == Array("hello world".utf8))
        #expect(page.contentType == nil)
    }

    @Test func theLimitCountsDecodedBytesNotCompressedOnes() throws {
        // setup: 41 bytes on the wire, 5000 once decoded.
        let server = try startServer { _ in
            Response(headers: ["Content-Encoding": "gzip"], body: .bytes(Compressed.fiveThousandAs))
        }
        defer { server.stop() }

        // MUT
        let error = fetchError(limited, baseURL(server) + "/")
        let page = try loopbackFetcher().fetch(baseURL(server) + "/")

        // validate
        #expect(error == .tooLarge(limit: 1000))
        #expect(page.body == Array(repeating: UInt8(ascii: "a"), count: 5000))
    }
}
