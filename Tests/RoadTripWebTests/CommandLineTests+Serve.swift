import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `roadtrip serve`, run as a person runs it.
extension CommandLineTests {
    @Test func serveOnAPortInUseSaysSo() throws {
        // setup
        let holder = try PortHolder()

        // MUT
        let result = try RoadTripProcess(["serve", "--port", String(holder.port), "--data", scratch.url.appendingPathComponent("data").path],
                                         scratch: scratch.url).waitForExit(within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: port \(holder.port) on 127.0.0.1 is already in use"])
        withExtendedLifetime(holder) {}
    }

    @Test func serveWithAFolderThatCannotBeCreatedSaysWhy() throws {
        // MUT
        let result = try RoadTripProcess(["serve", "--port", "0", "--data", "/proc/nope"], scratch: scratch.url).waitForExit(within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: cannot create data folder /proc/nope: No such file or directory"])
        #expect(result.standardOutput.isEmpty)
    }

    @Test func serveOnAnAddressNotOfThisMachineSaysSo() throws {
        // MUT: 192.0.2.1 is reserved for documentation (RFC 5737), never a local address.
        let result = try RoadTripProcess(["serve", "--host", "192.0.2.1", "--port", "0", "--data", scratch.url.appendingPathComponent("data").path],
                                         scratch: scratch.url).waitForExit(within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: 192.0.2.1 is not an address of this machine"])
    }

    @Test(arguments: ["abc", "-1", "65536", "80x", ""])
    func serveWithABadPortIsAUsageError(port: String) throws {
        // MUT
        let result = try RoadTripProcess(["serve", "--port", port, "--data", scratch.url.appendingPathComponent("data").path],
                                         scratch: scratch.url).waitForExit(within: 30)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: --port must be a number from 0 to 65535, not '\(port)'"])
    }

    @Test func serveAnswersOverASocketSharesItsFolderWithImportAndStopsOnSIGTERM() throws {
        // setup
        let data = scratch.url.appendingPathComponent("data").path
        let server = try RoadTripProcess(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let running = try #require(server.standardOutput.firstMatch(of: #/RoadTrip is running at http://127\.0\.0\.1:([0-9]+)/ \(data in (.+)\)/#))
        let port = try #require(Int(running.output.1))
        #expect(running.output.2 == data)

        // MUT: a page over a real socket, an import beside the running server, the page again.
        let first = try HTTPGet(port: port, path: "/")
        let imported = try run("destinations", "import", try catalogue(["Chicago"]).path, "--data", data)
        let second = try HTTPGet(port: port, path: "/")
        let tooLarge = try HTTPGet(port: port, path: "/", method: "POST", extraHeaders: "Content-Length: 104857600\r\n")
        #expect(kill(server.process.processIdentifier, SIGTERM) == 0)
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(first.status == 200)
        #expect(first.head.lowercased().contains("content-security-policy: default-src 'self'"))
        #expect(first.body.contains("New York City"), "the demo is loaded on first start")
        #expect(!first.body.contains("Chicago"))
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Added 1: Chicago\n")
        #expect(second.status == 200)
        #expect(second.body.contains("Chicago"))
        #expect(tooLarge.status == 413, "the server's own answer, before the app sees the request")
        #expect(tooLarge.head.lowercased().contains("content-security-policy: default-src 'self'"))
        #expect(tooLarge.head.lowercased().contains("x-content-type-options: nosniff"))
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardOutput.hasSuffix("RoadTrip stopped.\n"), "\(stopped.standardOutput)")
    }

    @Test func serveStopsCleanlyOnSIGINT() throws {
        // setup
        let server = try RoadTripProcess(["serve", "--port", "0", "--data", scratch.url.appendingPathComponent("data").path], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)

        // MUT
        #expect(kill(server.process.processIdentifier, SIGINT) == 0)
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardOutput.hasSuffix("RoadTrip stopped.\n"), "\(stopped.standardOutput)")
    }
}
