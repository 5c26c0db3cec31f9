import Foundation
import HTTPServer
import TestSupport
import Testing

/// A server that answers every request with the file at `path`, or 404 when there is none.
private func fileServer(_ path: String) throws -> Server {
    try startServer { request in
        Response.file(at: path, contentType: "text/plain; charset=utf-8", for: request) ?? .text("gone", status: .notFound)
    }
}

/// 2023-11-14 22:13:20 GMT: a modification time the tests choose, not the clock's.
private let modified = 1_700_000_000

@Suite struct FileResponseTests {
    @Test func fileIsServedWithItsETagAndLastModified() throws {
        try TemporaryFolder.with { folder in
            // setup
            let contents = Array("The road goes ever on.\n".utf8)
            let server = try fileServer(try folder.write(contents, to: "road.txt", modified: modified))
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, "/road.txt")

            // validate
            #expect(response.status == 200)
            #expect(response.body == contents)
            #expect(response.headers["Content-Length"] == String(contents.count))
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(response.headers["Cache-Control"] == "no-cache")
            #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT")
            let etag = try #require(response.headers["ETag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)
        }
    }

    @Test func cacheControlIsTheOneAskedFor() throws {
        try TemporaryFolder.with { folder in
            // setup
            let path = try folder.write(Array("body { }".utf8), to: "site.css", modified: modified)
            let server = try startServer { request in
                Response.file(at: path, contentType: "text/css", cacheControl: "public, max-age=31536000, immutable", for: request)!
            }
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, "/site.css")

            // validate
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(response.headers["Content-Type"] == "text/css")
        }
    }

    @Test func matchingIfNoneMatchGets304WithoutABody() throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(Array("cached".utf8), to: "a.txt", modified: modified))
            defer { server.stop() }
            let etag = try #require(try fetch(port: server.port, "/a.txt").headers["ETag"])
            let connection = try RawConnection(port: server.port)

            // MUT
            try connection.send("GET /a.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
            let received = String(decoding: try connection.receiveUntilClosed(), as: UTF8.self)

            // validate
            let parts = received.components(separatedBy: "\r\n\r\n")
            #expect(parts[0].hasPrefix("HTTP/1.1 304 "))
            #expect(parts[0].contains("\r\nETag: \(etag)"))
            #expect(parts.count == 2 && parts[1] == "", "a 304 carries no body")
        }
    }

    @Test(arguments: ["\"other\", %@", "W/%@", "*"])
    func ifNoneMatchListsWeakTagsAndStarAlsoMatch(pattern: String) throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(Array("cached".utf8), to: "a.txt", modified: modified))
            defer { server.stop() }
            let etag = try #require(try fetch(port: server.port, "/a.txt").headers["ETag"])

            // MUT
            let response = try fetch(
                port: server.port, "/a.txt", headers: [("If-None-Match", pattern.replacingOccurrences(of: "%@", with: etag))])

            // validate
            #expect(response.status == 304)
        }
    }

    @Test func ifModifiedSinceEqualToLastModifiedGets304() throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(Array("cached".utf8), to: "a.txt", modified: modified))
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, "/a.txt", headers: [("If-Modified-Since", "Tue, 14 Nov 2023 22:13:20 GMT")])

            // validate
            #expect(response.status == 304)
            #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT")
        }
    }

    @Test func ifModifiedSinceBeforeTheFileChangedGetsTheFile() throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(Array("fresh".utf8), to: "a.txt", modified: modified))
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, "/a.txt", headers: [("If-Modified-Since", "Tue, 14 Nov 2023 22:13:19 GMT")])

            // validate
            #expect(response.status == 200)
            #expect(response.text == "fresh")
        }
    }

    @Test func ifNoneMatchThatDiffersWinsOverAMatchingIfModifiedSince() throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(Array("fresh".utf8), to: "a.txt", modified: modified))
            defer { server.stop() }

            // MUT
            let response = try fetch(
                port: server.port, "/a.txt",
                headers: [
                    ("If-None-Match", "\"some-older-version\""), ("If-Modified-Since", "Tue, 14 Nov 2023 22:13:20 GMT"),
                ])

            // validate
            #expect(response.status == 200)
            #expect(response.text == "fresh")
        }
    }

    @Test func oldETagGetsTheNewContentOnceTheFileChanged() throws {
        try TemporaryFolder.with { folder in
            // setup
            let path = try folder.write(Array("version 1".utf8), to: "a.txt", modified: modified)
            let server = try fileServer(path)
            defer { server.stop() }
            let oldETag = try #require(try fetch(port: server.port, "/a.txt").headers["ETag"])
            // Same size, later time: only the modification time tells the versions apart.
            try folder.write(Array("version 2".utf8), to: "a.txt", modified: modified + 60)

            // MUT
            let response = try fetch(port: server.port, "/a.txt", headers: [("If-None-Match", oldETag)])

            // validate
            #expect(response.status == 200)
            #expect(response.text == "version 2")
            #expect(response.headers["ETag"] != oldETag)
            #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:14:20 GMT")
        }
    }

    @Test func largeFileArrivesCompleteAndByteEqual() throws {
        try TemporaryFolder.with { folder in
            // setup
            var generator = SplitMix64(seed: 7)
            let contents = (0..<(8 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let server = try fileServer(try folder.write(contents, to: "big.bin", modified: modified))
            defer { server.stop() }

            // MUT
            let response = try fetch(port: server.port, "/big.bin")

            // validate
            #expect(response.status == 200)
            #expect(response.headers["Content-Length"] == String(8 << 20))
            #expect(response.body.count == contents.count)
            #expect(response.body == contents)
        }
    }

    @Test func headOfAFileGetsItsLengthAndNoBody() throws {
        try TemporaryFolder.with { folder in
            // setup
            let server = try fileServer(try folder.write(.pattern(count: 5000), to: "a.bin", modified: modified))
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT
            try connection.send("HEAD /a.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let received = String(decoding: try connection.receiveUntilClosed(), as: UTF8.self)

            // validate
            let parts = received.components(separatedBy: "\r\n\r\n")
            #expect(parts[0].hasPrefix("HTTP/1.1 200 "))
            #expect(parts[0].contains("\r\nContent-Length: 5000"))
            #expect(parts.count == 2 && parts[1] == "")
        }
    }

    @Test func conditionalPostIsNeverAnswered304() throws {
        try TemporaryFolder.with { folder in
            // setup
            let path = try folder.write(Array("x".utf8), to: "a.txt", modified: modified)
            let request = Request(method: "POST", path: "/a.txt", headers: ["If-None-Match": "*"])

            // MUT
            let response = try #require(Response.file(at: path, contentType: "text/plain", for: request))

            // validate
            #expect(response.status == .ok)
        }
    }

    @Test func missingFileGivesNoResponse() throws {
        try TemporaryFolder.with { folder in
            // setup
            let request = Request(path: "/nothing.txt")

            // MUT
            let response = Response.file(at: folder.file("nothing.txt"), contentType: "text/plain", for: request)

            // validate
            #expect(response == nil)
        }
    }

    @Test func directoryGivesNoResponse() throws {
        try TemporaryFolder.with { folder in
            // setup
            try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
            let request = Request(path: "/photos")

            // MUT
            let response = Response.file(at: folder.file("photos"), contentType: "text/plain", for: request)

            // validate
            #expect(response == nil)
        }
    }
}
