import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `roadtrip serve`, run as a person runs it.
extension CommandLineTests {
    @Test func serveOnAPortInUseSaysSo() throws {
        // setup
        let holder = try PortHolder()

        // MUT
        let result = try RoadTripProcess.start(
            ["serve", "--port", String(holder.port), "--data", try scratch.startedData()],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: port \(holder.port) on 127.0.0.1 is already in use"])
        withExtendedLifetime(holder) {}
    }

    @Test func serveWithAFolderThatCannotBeCreatedSaysWhy() throws {
        // MUT
        let result = try RoadTripProcess.start(["serve", "--port", "0", "--data", "/proc/nope"], scratch: scratch.url).waitForExit(
            within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: cannot create data folder /proc/nope: No such file or directory"])
        #expect(result.standardOutput.isEmpty)
    }

    @Test func serveOnAnAddressNotOfThisMachineSaysSo() throws {
        // MUT: 192.0.2.1 is reserved for documentation (RFC 5737), never a local address.
        let result = try RoadTripProcess.start(
            ["serve", "--host", "192.0.2.1", "--port", "0", "--data", try scratch.startedData()],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: 192.0.2.1 is not an address of this machine"])
    }

    @Test(arguments: ["abc", "-1", "65536", "80x", ""])
    func serveWithABadPortIsAUsageError(port: String) throws {
        // MUT
        let result = try RoadTripProcess.start(
            ["serve", "--port", port, "--data", scratch.url.appendingPathComponent("data").path],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: --port must be a number from 0 to 65535, not '\(port)'"])
    }

    @Test func serveImportingFromWhatIsNoFolderIsAUsageError() throws {
        // setup: a file, not a folder
        let file = scratch.url.appendingPathComponent("takeout.zip")
        try Data([1]).write(to: file)

        // MUT
        let result = try RoadTripProcess.start(
            ["serve", "--import-from", file.path, "--data", scratch.url.appendingPathComponent("data").path],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: --import-from must name a folder on this server, not '\(file.path)'"])
    }

    @Test(arguments: ["abc", "-1", "4097", "1.5", ""])
    func serveWithABadPageCacheSizeIsAUsageError(size: String) throws {
        // MUT
        let result = try RoadTripProcess.start(
            ["serve", "--port", "0", "--page-cache-size", size, "--data", scratch.url.appendingPathComponent("data").path],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: --page-cache-size must be a number of MiB from 0 to 4096, not '\(size)'"])
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("data").path), "nothing was made")
    }

    @Test(arguments: [
        (
            ["--map-tiles", "https://tiles.example.org/{z}/{x}/{y}.png"],
            "roadtrip: --map-tiles needs --map-attribution TEXT: the tile server's terms say what the map must credit"
        ),
        (["--map-attribution", "© Someone"], "roadtrip: --map-attribution credits the tiles of --map-tiles, which is missing"),
        (
            ["--map-tiles", "https://{s}.example.org/{z}/{x}/{y}.png", "--map-attribution", "© Someone"],
            """
            roadtrip: --map-tiles must name one host (no {s} or other placeholder in it, no user or password), not \
            'https://{s}.example.org/{z}/{x}/{y}.png'
            """
        ),
        (
            ["--map-tiles", "https://tiles.example.org/{z}/{x}/{y}.png", "--map-attribution", ""],
            """
            roadtrip: --map-attribution must be one line of 1 to 200 characters crediting the tiles (their terms say what), such \
            as '© OpenStreetMap contributors'
            """
        ),
    ])
    func serveWithBadMapTilesIsAUsageError(options: [String], message: String) throws {
        // MUT
        let result = try RoadTripProcess.start(
            ["serve", "--port", "0"] + options + ["--data", scratch.url.appendingPathComponent("data").path],
            scratch: scratch.url
        ).waitForExit(within: 30)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == [message])
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("data").path), "nothing was made")
    }

    @Test func serveFindsTheBasemapInItsDataFolderWithoutAFlag() throws {
        // setup: a pack of no tiles (the sea everywhere), where an install puts one
        let data = try scratch.startedData()
        let empty = Array("RTBASEMAP2".utf8) + [0, 0, 0, 0]
        try Data(empty).write(to: URL(fileURLWithPath: data).appendingPathComponent("basemap.pack"))

        // MUT
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(server.standardOutput.contains("Offline basemap: \(data)/basemap.pack\n"), "\(server.standardOutput)")
        #expect(stopped.status == 0)
    }

    @Test func serveAnswersOverASocketSharesItsFolderWithImportAndStopsOnSIGTERM() throws {
        // setup: the first start prints the setup link; following it creates the owner and signs in.
        let data = scratch.url.appendingPathComponent("data").path
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        // A first start draws the demo photos (a debug build, niced beside the browser suite: once
        // past 30 s in a full run).
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 90)
        let running = try #require(
            server.standardOutput.firstMatch(of: #/RoadTrip is running at http://127\.0\.0\.1:([0-9]+)/ \(data in (.+)\)/#))
        let port = try #require(Int(running.output.1))
        #expect(running.output.2 == data)
        #expect(
            server.standardError.contains(
                "Setting up a new library in \(data): the sample destinations and photos. This takes a few seconds…"),
            "a first start says what it does before the seconds it takes: \(server.standardError)")
        #expect(
            server.standardOutput.contains("No offline basemap found (looked for \(data)/basemap.pack, "),
            "a start without one says so: \(server.standardOutput)")
        let session = try setUpThroughTheLink(printedBy: server, port: port)

        // MUT: a page over a real socket, an import beside the running server, the page again.
        let signedOut = try HTTPExchange(port: port, path: "/")
        let first = try HTTPExchange(port: port, path: "/", extraHeaders: "Cookie: rt_session=\(session)\r\n")
        let imported = try run("destinations", "import", try catalogue(["Chicago"]).path, "--data", data)
        let second = try HTTPExchange(port: port, path: "/", extraHeaders: "Cookie: rt_session=\(session)\r\n")
        let tooLarge = try HTTPExchange(port: port, path: "/", method: "POST", extraHeaders: "Content-Length: 104857600\r\n")
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(signedOut.status == 303)
        #expect(signedOut.headerValues("Location").first?.hasPrefix("/signin") == true, "\(signedOut.head)")
        #expect(signedOut.head.lowercased().contains("content-security-policy: default-src 'self'"), "a redirect carries the headers too")
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

    /// Follows the setup link the server printed, as a person would: the form, then the owner
    /// created. Returns the session cookie's value.
    private func setUpThroughTheLink(printedBy server: ChildProcess, port: Int) throws -> String {
        #expect(server.standardOutput.contains("No account exists yet. Create the owner account with this one-time link:\n"))
        let link = try #require(
            server.standardOutput.firstMatch(of: #/one-time link:\n  http://127\.0\.0\.1:([0-9]+)(/setup\?token=[A-Za-z0-9_-]{43})\n/#),
            "\(server.standardOutput)")
        #expect(Int(link.output.1) == port)
        let token = String(link.output.2.dropFirst("/setup?token=".count))
        let form = try HTTPExchange(port: port, path: String(link.output.2))
        #expect(form.status == 200, "\(form.head)")
        let formCookie = try #require(form.cookieValue("rt_form"), "\(form.head)")
        #expect(form.setCookie("rt_form")?.contains("Secure") == false, "no Secure without --secure-cookies")
        let csrf = try #require(form.formToken)
        let body = urlEncodedForm([
            ("csrf", csrf), ("token", token), ("name", "Ann"), ("password", "correct horse battery"), ("repeated", "correct horse battery"),
        ])
        let created = try HTTPExchange(
            port: port, path: "/setup", method: "POST",
            extraHeaders: """
                Content-Type: application/x-www-form-urlencoded\r\nCookie: rt_form=\(formCookie)\r\nOrigin: http://127.0.0.1:\(port)\r\n
                """, body: body)
        #expect(created.status == 303, "\(created.head)\n\(created.body)")
        return try #require(created.cookieValue("rt_session"), "\(created.head)")
    }

    private func signIn(port: Int, name: String, password: String) throws -> (session: String, setCookie: String) {
        try signInOverSocket(port: port, name: name, password: password)
    }

    @Test func withAnAccountServePrintsNoSetupLinkAndTheAccountSignsIn() throws {
        // setup
        let data = try scratch.startedData()
        let added = try RoadTripProcess.run(
            ["user", "add", "Ann", "--owner", "--data", data], input: "correct horse battery\ncorrect horse battery\n", scratch: scratch.url
        )
        try #require(added.status == 0, "\(added.standardError)")

        // MUT
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let port = try #require(
            server.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })
        let (session, setCookie) = try signIn(port: port, name: "Ann", password: "correct horse battery")
        let home = try HTTPExchange(port: port, path: "/", extraHeaders: "Cookie: rt_session=\(session)\r\n")
        let setup = try HTTPExchange(port: port, path: "/setup")

        // validate
        #expect(!server.standardOutput.contains("setup"), "\(server.standardOutput)")
        #expect(!server.standardError.contains("Setting up"), "a library started before is not new")
        #expect(!server.standardOutput.contains("token"), "\(server.standardOutput)")
        #expect(home.status == 200)
        #expect(home.body.contains("New York City"))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/"), "\(setCookie)")
        #expect(!setCookie.contains("Secure"), "\(setCookie)")
        #expect(setup.body.contains("RoadTrip is set up"))
    }

    @Test func eachStartPrintsANewSetupLinkAndTheOldOneStopsWorking() throws {
        // setup
        let data = try scratch.startedData()
        let tokenPattern = #/setup\?token=([A-Za-z0-9_-]{43})/#
        let first = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        try first.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let oldToken = try #require(first.standardOutput.firstMatch(of: tokenPattern).map { String($0.output.1) })
        #expect(first.signal(SIGTERM))
        try first.waitForExit(within: 15)

        // MUT
        let second = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], scratch: scratch.url)
        try second.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let newToken = try #require(second.standardOutput.firstMatch(of: tokenPattern).map { String($0.output.1) })
        let port = try #require(
            second.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })
        let withOld = try HTTPExchange(port: port, path: "/setup?token=\(oldToken)")
        let withNew = try HTTPExchange(port: port, path: "/setup?token=\(newToken)")

        // validate
        #expect(newToken != oldToken)
        #expect(withOld.status == 403)
        #expect(withOld.body.contains("not valid"))
        #expect(withNew.status == 200)
        #expect(withNew.body.contains("Create the owner account"))
    }

    @Test func serveWithSecureCookiesMarksItsCookiesSecure() throws {
        // setup
        let data = try scratch.startedData()
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--secure-cookies", "--data", data], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)
        let port = try #require(
            server.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })

        // MUT
        let form = try HTTPExchange(port: port, path: "/signin")

        // validate
        #expect(form.status == 200)
        let cookie = try #require(form.setCookie("rt_form"), "\(form.head)")
        #expect(cookie.contains("; Secure"), "\(cookie)")
        #expect(cookie.contains("HttpOnly"), "\(cookie)")
    }

    @Test func serveStopsCleanlyOnSIGINT() throws {
        // setup
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", try scratch.startedData()], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 30)

        // MUT
        #expect(server.signal(SIGINT))
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardOutput.hasSuffix("RoadTrip stopped.\n"), "\(stopped.standardOutput)")
    }

    @Test func aSIGTERMDuringTheFirstStartStopsTheServerOnceItIsUp() throws {
        // setup: a first start, which draws the demo photos for seconds
        let data = scratch.url.appendingPathComponent("data")
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data.path, "--no-offline-copies"], scratch: scratch.url)
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: data.appendingPathComponent("library.sqlite").path), Date() < deadline {
            usleep(5_000)
        }

        // MUT: the library is open (the signals are caught before), the server not up yet
        #expect(!server.standardOutput.contains("Press Ctrl-C"), "sent before the server is up: \(server.standardOutput)")
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 60)

        // validate: it came up, then stopped as SIGTERM asks, not killed halfway
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(
            stopped.standardOutput.contains("Press Ctrl-C to stop.\nStopping: finishing the requests in progress…\nRoadTrip stopped.\n"),
            "\(stopped.standardOutput)")
    }
}
