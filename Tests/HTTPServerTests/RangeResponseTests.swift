import Foundation
import HTTPServer
import TestSupport
import Testing

/// A file served with ranges, as a video is: what a player seeking asks, over a real socket.
@Suite struct RangeResponseTests {
    /// 1,000 bytes, each its index modulo 251, so that any slice names where it came from.
    private static let contents = (0..<1000).map { UInt8($0 % 251) }
    private static let modified = 1_700_000_000

    private func withServer(_ body: (Int) throws -> Void) throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write(Self.contents, to: "clip.mp4", modified: Self.modified)
            let server = try startServer { request in
                Response.file(at: path, contentType: "video/mp4", ranges: true, for: request) ?? .text("gone", status: .notFound)
            }
            defer { server.stop() }
            try body(server.port)
        }
    }

    @Test(arguments: [
        ("bytes=0-99", 0, 100),  // the start, as a player's first request
        ("bytes=400-599", 400, 200),  // the middle, as a seek
        ("bytes=900-", 900, 100),  // to the end
        ("bytes=950-5000", 950, 50),  // an end past the file is cut to it
        ("bytes=-100", 900, 100),  // the last 100 bytes (where MP4's index may be)
        ("bytes=-5000", 0, 1000),  // a suffix longer than the file is the whole file
    ])
    func aSpanIsAnsweredWithThoseBytesAlone(range: String, offset: Int, length: Int) throws {
        try withServer { port in
            let response = try fetch(port: port, "/clip.mp4", headers: [("Range", range)])

            #expect(response.status == 206)
            #expect(response.body == Array(Self.contents[offset..<(offset + length)]))
            #expect(response.headers["Content-Range"] == "bytes \(offset)-\(offset + length - 1)/1000")
            #expect(response.headers["Content-Length"] == String(length))
            #expect(response.headers["Accept-Ranges"] == "bytes")
            #expect(response.headers["Content-Type"] == "video/mp4")
            #expect(response.headers["ETag"] != nil, "a browser keeps what it fetched")
        }
    }

    @Test(arguments: ["bytes=1000-", "bytes=5000-6000", "bytes=-0"])
    func aRangeOutsideTheFileIs416WithTheFilesSize(range: String) throws {
        try withServer { port in
            let response = try fetch(port: port, "/clip.mp4", headers: [("Range", range)])

            #expect(response.status == 416)
            #expect(response.headers["Content-Range"] == "bytes */1000")
        }
    }

    @Test(arguments: ["bytes=0-1,5-6", "items=0-10", "bytes=20-10", "bytes=abc-", "bytes=99999999999999999999-", "bytes= "])
    func whatIsNotOneSpanGetsTheWholeFile(range: String) throws {
        try withServer { port in
            let response = try fetch(port: port, "/clip.mp4", headers: [("Range", range)])

            #expect(response.status == 200)
            #expect(response.body == Self.contents)
            #expect(response.headers["Content-Range"] == nil)
        }
    }

    @Test func ifRangeWithTheCurrentTagGetsTheSpanAndAStaleOneTheWholeFile() throws {
        try withServer { port in
            let etag = try #require(try fetch(port: port, "/clip.mp4").headers["ETag"])

            let current = try fetch(port: port, "/clip.mp4", headers: [("Range", "bytes=10-19"), ("If-Range", etag)])
            let stale = try fetch(port: port, "/clip.mp4", headers: [("Range", "bytes=10-19"), ("If-Range", "\"an-older-copy\"")])
            let byDate = try fetch(
                port: port, "/clip.mp4", headers: [("Range", "bytes=10-19"), ("If-Range", "Tue, 14 Nov 2023 22:13:20 GMT")])
            let oldDate = try fetch(
                port: port, "/clip.mp4", headers: [("Range", "bytes=10-19"), ("If-Range", "Mon, 13 Nov 2023 22:13:20 GMT")])

            #expect(current.status == 206 && current.body == Array(Self.contents[10..<20]))
            #expect(stale.status == 200 && stale.body == Self.contents, "a stale copy's range would mix two files")
            #expect(byDate.status == 206)
            #expect(oldDate.status == 200)
        }
    }

    @Test func headAnswersTheRangesHeadersWithoutABody() throws {
        try withServer { port in
            let whole = try fetch(port: port, method: "HEAD", "/clip.mp4")
            let span = try fetch(port: port, method: "HEAD", "/clip.mp4", headers: [("Range", "bytes=100-199")])

            #expect(whole.status == 200 && whole.body.isEmpty)
            #expect(whole.headers["Accept-Ranges"] == "bytes" && whole.headers["Content-Length"] == "1000")
            #expect(span.status == 206 && span.body.isEmpty)
            #expect(span.headers["Content-Range"] == "bytes 100-199/1000")
        }
    }

    @Test func aFileServedWithoutRangesIgnoresThem() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write(Self.contents, to: "page.txt", modified: Self.modified)
            let server = try startServer { request in Response.file(at: path, contentType: "text/plain", for: request)! }
            defer { server.stop() }

            let response = try fetch(port: server.port, "/page.txt", headers: [("Range", "bytes=0-9")])

            #expect(response.status == 200 && response.body == Self.contents)
            #expect(response.headers["Accept-Ranges"] == nil)
        }
    }
}
