import Foundation
import HTTPServer
import TestSupport
import Testing

/// Bodies of spooled routes go to a file, not to memory.
@Suite struct SpooledBodyTests {
    /// Photos spool; everything else stays in memory with a tiny limit, so a spooled body of
    /// megabytes can only have been accepted by the spooled path.
    static func configure(spool: String) -> (inout Configuration) -> Void {
        { configuration in
            configuration.maximumBodySize = 1024
            configuration.maximumSpooledBodySize = 256 << 20
            configuration.spoolFolder = spool
            configuration.spoolsBody = { method, path in method == "POST" && path == "/photos" }
        }
    }

    @Test func byDefaultNothingSpoolsAndTheFolderIsInTheTemporaryFolder() {
        // MUT
        let configuration = Configuration()

        // validate
        #expect(!configuration.spoolsBody("POST", "/upload"))
        #expect(configuration.maximumSpooledBodySize == 512 << 20)
        #expect(configuration.spoolFolder == URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("roadtrip-uploads").path)
        #expect(MultipartLimits().maximumParts == 1000)
        #expect(MultipartLimits().maximumFieldSize == 65536)
        #expect(MultipartLimits().maximumHeaderSize == 8192)
        #expect(MultipartLimits().maximumFileSize == 512 << 20)
    }

    @Test func aLargeUploadIsOnDiskBeforeItHasAllArrivedAndReachesTheHandlerByteForByte() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let kept = folder.file("kept.bin")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests) { request in
                // The handler keeps the upload the documented way: a hard link made before returning.
                guard let file = request.bodyFile, link(file, kept) == 0 else { return .text("no file", status: .internalServerError) }
                return .text("\(request.bodySize)")
            }
            defer { server.stop() }
            // Large enough that a buffered body would stand far above what the other tests,
            // running at the same time in this process, allocate (up to 64 MB seen).
            let total = 224 << 20, first = 192 << 20
            var stream = ByteStream(seed: 66)
            let connection = try RawConnection(port: server.port, receiveTimeout: 30)
            let memoryBefore = FileProbe.residentMemory()

            // MUT: 192 MiB of 224, then a look at the disk and at memory while the rest is due.
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(total)\r\n\r\n")
            for _ in 0..<(first >> 20) { try connection.send(stream.next(1 << 20)) }
            let onDiskMidway = eventually(within: 30) {
                FileProbe.names(in: spool).count == 1 && FileProbe.size(spool + "/" + FileProbe.names(in: spool)[0]) == first
            }
            let memoryGrowth = FileProbe.residentMemory() - memoryBefore
            for _ in 0..<((total - first) >> 20) { try connection.send(stream.next(1 << 20)) }
            let response = try connection.receiveResponse()

            // validate
            #expect(onDiskMidway)
            // Kept in memory, 192 MiB would show here; the margin leaves room for other tests' allocations.
            #expect(memoryGrowth < first / 2, "resident memory grew by \(memoryGrowth) bytes")
            #expect(response.status == 200)
            #expect(response.text == "\(total)")
            let request = try #require(requests.last)
            #expect(request.body.isEmpty)
            #expect(request.bodyFile?.hasPrefix(spool + "/") == true)
            var expected = ByteStream(seed: 66)
            let handle = try #require(FileHandle(forReadingAtPath: kept))
            for megabyte in 0..<(total >> 20) {
                #expect(handle.readData(ofLength: 1 << 20) == Data(expected.next(1 << 20)), "megabyte \(megabyte) differs")
            }
            #expect(handle.readData(ofLength: 1).isEmpty)
            #expect(eventually(within: 5) { FileProbe.names(in: spool).isEmpty })
        }
    }

    @Test func theBodyFileIsPrivateAndGoneOnceTheHandlerHasReturned() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let body = [UInt8].pattern(count: 5000)
            let seen = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool)) { request in
                seen.record(request)
                let file = request.bodyFile ?? ""
                return .text("\(FileProbe.mode(file).map { String($0, radix: 8) } ?? "none") \(FileProbe.contents(file) == body)")
            }
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", body: body)

            // validate
            #expect(response.text == "600 true")
            let file = try #require(seen.last?.bodyFile)
            #expect(seen.last?.bodySize == 5000)
            #expect(FileProbe.mode(spool) == 0o700)
            #expect(eventually(within: 5) { !FileProbe.exists(file) })
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func aSpoolFolderIsMadeWithItsMissingParents() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("library/cache/incoming")
            let server = try startServer(configure: Self.configure(spool: spool)) { request in
                .text(request.bodyFile.map { FileProbe.exists($0) ? "stored" : "gone" } ?? "no file")
            }
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", body: .pattern(count: 10))

            // validate
            #expect(response.text == "stored")
            #expect(FileProbe.mode(folder.file("library")) == 0o700)
            #expect(FileProbe.mode(folder.file("library/cache")) == 0o700)
            #expect(FileProbe.mode(spool) == 0o700)
        }
    }

    @Test func aHandlerThatMovesTheFileKeepsIt() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let kept = folder.file("moved.bin")
            let server = try startServer(configure: Self.configure(spool: spool)) { request in
                guard let file = request.bodyFile, rename(file, kept) == 0 else { return .text("not moved") }
                return .text("\(request.bodySize)")
            }
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", body: .pattern(count: 3000))

            // validate
            #expect(response.text == "3000")
            #expect(FileProbe.contents(kept) == .pattern(count: 3000))
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func aChunkedSpooledBodyArrivesWhole() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let server = try startServer(configure: Self.configure(spool: spool)) { request in
                .text(request.bodyFile.flatMap(FileProbe.contents).map { String(decoding: $0, as: UTF8.self) } ?? "no file")
            }
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
            try connection.send("5\r\nhello\r\n7\r\n, world\r\n0\r\n\r\n")
            let response = try connection.receiveResponse()

            // validate
            #expect(response.text == "hello, world")
        }
    }

    @Test func anEmptySpooledBodyHasNoFile() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests, handler: answerOK)
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, method: "POST", "/photos", headers: [("Content-Length", "0")])

            // validate
            #expect(response.status == 200)
            let request = try #require(requests.last)
            #expect(request.bodyFile == nil)
            #expect(request.bodySize == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func routesThatDoNotSpoolKeepTheirBodyInMemoryWithTheirOwnLimit() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests, handler: answerOK)
            defer { server.stop() }

            // MUT
            let small = try fetch(port: server.port, method: "POST", "/notes", body: .pattern(count: 1000))
            let large = try fetch(port: server.port, method: "POST", "/notes", body: .pattern(count: 2000))

            // validate
            #expect(small.status == 200)
            #expect(requests.last?.body == .pattern(count: 1000))
            #expect(requests.last?.bodyFile == nil)
            #expect(requests.last?.bodySize == 1000)
            #expect(large.status == 413)
            #expect(large.text.contains("1024 bytes"))
            #expect(requests.count == 1)
            #expect(!FileProbe.exists(spool))
        }
    }
}
