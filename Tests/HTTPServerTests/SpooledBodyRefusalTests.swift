import Foundation
import HTTPServer
import TestSupport
import Testing

/// Spooled bodies that are refused or abandoned leave nothing on disk.
@Suite struct SpooledBodyRefusalTests {
    static func configure(spool: String, limit: Int = 1 << 20) -> (inout Configuration) -> Void {
        { configuration in
            configuration.maximumBodySize = 100
            configuration.maximumSpooledBodySize = limit
            configuration.spoolFolder = spool
            configuration.spoolsBody = { _, path in path == "/photos" }
        }
    }

    @Test func contentLengthOverTheSpooledLimitIsAnswered413WithoutReadingTheBody() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT: announce one byte over the limit and send none of it.
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n")
            let response = try connection.receiveResponse()

            // validate
            #expect(response.status == 413)
            #expect(response.text.contains("1048576 bytes"))
            #expect(connection.isClosedByServer(within: 5))
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func aChunkedSpooledBodyGrowingPastTheLimitIsAnswered413AndItsFileRemoved() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool, limit: 1000), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT: 1200 bytes in three chunks, with no Content-Length to refuse early.
            try connection.postChunked("/photos", chunks: 3, of: 400)
            let response = try connection.receiveResponse()

            // validate
            #expect(response.status == 413)
            #expect(response.text.contains("1000 bytes"))
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func theFileOfAClientThatLeavesMidUploadIsRemoved() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            // libmicrohttpd 0.9.75 (epoll) misses about one client close in thirty during a
            // body, in memory or spooled alike; the idle timeout then ends the request, and
            // with it the file. A short timeout keeps that case within the wait below.
            let server = try startServer(
                configure: { configuration in
                    Self.configure(spool: spool)(&configuration)
                    configuration.connectionTimeout = 2
                }, requests: requests, handler: answerOK)
            defer { server.stop() }
            var connection: RawConnection? = try RawConnection(port: server.port)
            try connection?.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n")
            try connection?.send(.pattern(count: 300_000))
            let fileWhileUploading = eventually(within: 5) { FileProbe.names(in: spool).count == 1 }

            // MUT: the client goes away with 700 000 bytes still due.
            connection = nil

            // validate
            #expect(fileWhileUploading)
            #expect(eventually(within: 10) { FileProbe.names(in: spool).isEmpty })
            #expect(eventually(within: 5) { server.requestsInProgress == 0 })
            #expect(requests.count == 0)
        }
    }

    @Test func aSpoolFolderThatCannotBeMadeIsAnswered507BeforeTheBody() throws {
        try TemporaryFolder.with { folder in
            // setup: the folder's parent is a regular file.
            let parent = try folder.write([1], to: "not-a-folder", modified: 0)
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: parent + "/spool"), requests: requests, handler: answerOK)
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", body: .pattern(count: 10))

            // validate
            #expect(response.status == 507)
            #expect(response.reason == "Insufficient Storage")
            #expect(response.text == "The request body could not be stored: mkdir: Not a directory.\n")
            #expect(!response.text.contains(folder.url.path))
            #expect(requests.count == 0)
        }
    }

    @Test func aSpoolFolderOthersCanWriteToIsRefused() throws {
        try TemporaryFolder.with { folder in
            // setup: as someone else could have made it in a shared /tmp.
            let spool = folder.file("spool")
            try FileManager.default.createDirectory(
                atPath: spool, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
            chmod(spool, 0o777)
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests, handler: answerOK)
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", body: .pattern(count: 10))

            // validate
            #expect(response.status == 507)
            #expect(response.text.contains("not a private directory"))
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func aBodyLargerThanTheFreeDiskSpaceIsAnswered507BeforeItIsRead() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool, limit: Int.max), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT: an exabyte announced, nothing sent.
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(1 << 60)\r\n\r\n")
            let response = try connection.receiveResponse()

            // validate
            #expect(response.status == 507)
            #expect(response.text.contains("not enough free disk space"))
            #expect(requests.count == 0)
        }
    }
}
