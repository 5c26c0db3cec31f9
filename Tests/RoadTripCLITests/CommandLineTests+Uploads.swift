import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

extension CommandLineTests {
    /// The attack as it was measured: 300 MB announced to each upload route by someone without
    /// an account. The real server answers 403 from the headers and stores none of it.
    @Test func aStrangersUploadIsRefusedBeforeItsBodyReachesTheDisk() throws {
        // setup
        let data = URL(fileURLWithPath: try scratch.startedData())
        let added = try RoadTripProcess.run(
            ["user", "add", "Ann", "--owner", "--data", data.path], input: "correct horse battery\ncorrect horse battery\n",
            scratch: scratch.url)
        #expect(added.status == 0)
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data.path, "--no-offline-copies"], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let port = try #require(
            server.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })
        let (session, _) = try signInOverSocket(port: port, name: "Ann", password: "correct horse battery")

        // MUT: the headers only; a server that read the body would wait for it and time out.
        let answers = try ["/upload", "/upload/file?name=a.jpg", "/vacations/import"].map { path in
            try HTTPExchange(
                port: port, path: path, method: "POST",
                extraHeaders: "Content-Length: 300000000\r\nContent-Type: application/octet-stream\r\n")
        }
        let signedInWithoutToken = try HTTPExchange(
            port: port, path: "/upload/file?name=a.jpg", method: "POST",
            extraHeaders: """
                Content-Length: 300000000\r\nCookie: rt_session=\(session)\r\n
                """)
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 15)

        // validate
        for answer in answers {
            #expect(answer.status == 403, "\(answer.head)")
            #expect(answer.body.contains("Sign in first. Nothing was uploaded."))
            #expect(answer.headerValues("Content-Security-Policy").count == 1)
        }
        #expect(signedInWithoutToken.status == 403)
        #expect(signedInWithoutToken.body.contains("did not come from a RoadTrip page"))
        let incoming = data.appendingPathComponent("cache/incoming").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: incoming)) ?? []).isEmpty)
        #expect(stopped.status == 0)
    }
}
