import Foundation
import HTTPServer
import Testing

@Suite struct StoredBodyTests {
    @Test func aStoredBodyIsSentWholeOnEveryRequestAndHEADGetsItsLengthOnly() throws {
        // setup: 300 kB, more than one sendfile call's worth on a loopback socket
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let stored = try StoredBody(bytes, name: "test-body")
        let server = try startServer { _ in
            Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .stored(stored))
        }
        defer { server.stop() }

        // MUT
        let first = try fetch(port: server.port, "/a")
        let second = try fetch(port: server.port, "/b")
        let head = try fetch(port: server.port, method: "HEAD", "/c")

        // validate
        #expect(first.status == 200)
        #expect(first.body == bytes)
        #expect(second.body == bytes, "the memory file is read from its start for every response")
        #expect(head.headers["Content-Length"] == "300000")
        #expect(head.body.isEmpty)
        #expect(try stored.bytes() == bytes)
    }

    @Test func theMemoryFilesDescriptorIsNotInheritedByAProcessTheServerStarts() throws {
        // setup
        let name = "cloexec-\(UUID().uuidString.prefix(8))"
        let stored = try StoredBody(Array("kept".utf8), name: name)

        // MUT: the process's descriptors that are this memory file
        let mine = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { entry -> Int32? in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
            return target?.contains("memfd:\(name)") == true ? Int32(entry) : nil
        }

        // validate
        #expect(mine.count == 1, "one descriptor held: \(mine)")
        for fd in mine {
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0, "descriptor \(fd) would pass to a child process")
        }
        #expect(try stored.bytes() == Array("kept".utf8))
    }

    @Test func anEmptyStoredBodyIsAnEmptyAnswer() throws {
        // setup
        let stored = try StoredBody([], name: "empty")
        let server = try startServer { _ in Response(status: .ok, body: .stored(stored)) }
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/")

        // validate
        #expect(response.status == 200)
        #expect(response.headers["Content-Length"] == "0")
        #expect(response.body.isEmpty)
    }
}

@Suite struct AcceptEncodingTests {
    private func coding(_ header: String?, among offered: [String] = ["br", "gzip", "identity"]) -> String {
        var headers = Headers()
        if let header { headers["Accept-Encoding"] = header }
        return Request(method: "GET", path: "/", headers: headers).contentCoding(among: offered)
    }

    @Test(arguments: [
        ("gzip, deflate, br, zstd", "br"),  // Chromium over HTTPS: the server's order breaks the tie
        ("gzip, deflate", "gzip"),  // Chromium over plain HTTP
        ("br;q=0.5, gzip;q=0.9", "gzip"),
        ("GZIP", "gzip"),
        (" gzip ; q=1.0 ,br;q=0.1", "gzip"),
        ("deflate", "identity"),
        ("*", "br"),
        ("*;q=0.5, br;q=0", "gzip"),
        ("br;q=0, gzip;q=0", "identity"),
        ("identity", "identity"),
        ("gzip;q=0.5, identity", "identity"),  // named, identity weighs what it is given
        ("", "identity"),
    ])
    func theHighestWeightWinsAndTheServersOrderBreaksATie(header: String, expected: String) {
        #expect(coding(header) == expected, "Accept-Encoding: \(header)")
    }

    @Test func withoutTheHeaderTheBytesAreSentAsTheyAre() {
        #expect(coding(nil) == "identity")
    }

    @Test(arguments: ["identity;q=0", "*;q=0", "br;q=0, gzip;q=0, identity;q=0"])
    func whenNothingOfferedIsAcceptableTheBytesAsTheyAreAreStillSent(header: String) {
        #expect(coding(header) == "identity", "Accept-Encoding: \(header)")
    }

    @Test(arguments: ["br;q=2", "br;q=-1", "br;q=high", "br;q="])
    func anElementWithAWeightThatIsNotOneIsIgnored(header: String) {
        #expect(coding(header + ", gzip;q=0.2") == "gzip", "Accept-Encoding: \(header)")
    }

    @Test func onlyWhatIsOfferedIsChosen() {
        #expect(coding("br, gzip", among: ["gzip", "identity"]) == "gzip")
        #expect(coding("br", among: ["identity"]) == "identity")
    }
}
