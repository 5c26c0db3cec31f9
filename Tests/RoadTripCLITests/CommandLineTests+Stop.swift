import Foundation
import RoadTrip
import RoadTripInstance
import SystemCalls
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `roadtrip serve` stopped by SIGTERM while its work waits on sites that never answer.
extension CommandLineTests {
    @Test func sigtermStopsTheServerWithinItsGracePeriodWhateverIsInProgressAndTheJobIsDoneAtTheNextStart() throws {
        // setup: Ann; Flickr on a site that never answers, and an event page to copy there too
        let site = try SilentSite()
        defer { site.close() }
        let data = try scratch.startedData()
        let added = try RoadTripProcess.run(
            ["user", "add", "Ann", "--owner", "--data", data], input: "correct horse battery\ncorrect horse battery\n",
            scratch: scratch.url)
        try #require(added.status == 0, "\(added.standardError)")
        let server = try RoadTripProcess.start(
            [
                "serve", "--port", "0", "--data", data, "--allow-private-fetch", "--flickr-key", "k", "--flickr-api",
                "http://127.0.0.1:\(site.port)/rest",
            ], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 60)
        let port = try #require(
            server.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })
        let (session, _) = try signInOverSocket(port: port, name: "Ann", password: "correct horse battery")
        // One request per request thread (as `serve` starts them on SQLite), each waiting for its Flickr place.
        let threads = Instance.threadPoolSize(for: .sqlite)
        let requests = DispatchGroup()
        for place in 1...threads {
            DispatchQueue.global().async(group: requests) {
                _ = try? HTTPExchange(port: port, path: "/flickr/places/\(place)", extraHeaders: "Cookie: rt_session=\(session)\r\n")
            }
        }
        let waiting = { (prefix: String) in site.requestLines.filter { $0.hasPrefix(prefix) }.count }
        let deadline = Date().addingTimeInterval(30)
        // Every thread taken: the site has seen each request (the waits overlap), not assumed.
        while waiting("GET /rest") < threads, Date() < deadline { usleep(20_000) }
        try #require(waiting("GET /rest") == threads, "\(site.requestLines)")
        // Queued only now, with every thread taken: its fetch gives up after 15 s, which a slow
        // start, or threads slow to reach the site on a busy machine, could use up.
        let page = "http://127.0.0.1:\(site.port)/event-page"
        try Library(folder: URL(fileURLWithPath: data), readers: 1).jobs.enqueue(.offlineCopy, key: page)
        while waiting("GET /event-page") < 1, Date() < deadline.addingTimeInterval(10) { usleep(20_000) }
        try #require(waiting("GET /event-page") == 1, "\(site.requestLines)")

        // MUT: a hang detector, not a measure: the grace period is 3 s; the sites would keep it 10 s and more.
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 8)

        // validate: a clean stop that says what it abandoned; the copy is due at once for the next start
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardOutput.hasSuffix("RoadTrip stopped.\n"), "\(stopped.standardOutput)")
        #expect(
            stopped.standardError.contains("stopping with \(threads) requests still being answered after 3.0 s: abandoned"),
            "\(stopped.standardError)")
        #expect(stopped.standardError.contains("offline-copy job"), "\(stopped.standardError)")
        #expect(requests.wait(timeout: .now() + 10) == .success, "their connections ended with the process")
        let job = try #require(
            try Library(folder: URL(fileURLWithPath: data), readers: 1).jobs.claim([.offlineCopy]), "still queued, held by nobody")
        #expect(job.key == page)
        #expect(job.attempts == 1, "the interrupted run is not counted as a failed attempt")
    }
}

/// `roadtrip serve` stopped by SIGTERM in the middle of a video's rendition.
extension CommandLineTests {
    @Test func sigtermDuringATranscodeStopsFFmpegAndGivesTheJobBack() throws {
        // setup: a video imported; then FFmpeg's rendition never ends (a stand-in in front of
        // Debian's on PATH, which takes the poster and otherwise sleeps, saying its process)
        let data = try scratch.startedData()
        let stand = scratch.url.appendingPathComponent("slow-ffmpeg")
        try FileManager.default.createDirectory(at: stand, withIntermediateDirectories: true)
        let pidFile = scratch.url.appendingPathComponent("ffmpeg.pid").path
        let real = try #require(LimitedProcess.find("ffmpeg"))
        try Data(
            """
            #!/bin/sh
            case "$*" in *-frames:v*) exec \(real) "$@";; esac
            echo $$ > \(pidFile)
            exec sleep 600
            """.utf8
        ).write(to: stand.appendingPathComponent("ffmpeg"))
        chmod(stand.appendingPathComponent("ffmpeg").path, 0o755)
        let environment = ["PATH": stand.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let imported = try RoadTripProcess.run(
            ["import", try TestClips.h264(), "--data", data], environment: environment, scratch: scratch.url)
        try #require(imported.status == 0, "\(imported.standardOutput)\(imported.standardError)")
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data], environment: environment, scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 60)
        let deadline = Date().addingTimeInterval(30)
        while (try? String(contentsOfFile: pidFile, encoding: .utf8)) == nil, Date() < deadline { usleep(20_000) }
        let ffmpeg = try #require(
            (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
            "the rendition should have started")

        // MUT: a hang detector, not a measure (the grace period is 3 s; FFmpeg would sleep 600 s)
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 8)

        // validate: a clean stop, FFmpeg gone with it, no partial rendition, the job queued again as it was
        #expect(stopped.status == 0, "\(stopped.standardError)")
        let gone = Date().addingTimeInterval(5)
        while kill(ffmpeg, 0) == 0, Date() < gone { usleep(20_000) }
        #expect(kill(ffmpeg, 0) == -1 && errno == ESRCH, "FFmpeg stopped with the server")
        let made = (FileManager.default.enumerator(atPath: data + "/cache/video")?.allObjects as? [String]) ?? []
        #expect(!made.contains { $0.hasSuffix(".mp4") || $0.contains(".making-") }, "\(made)")
        let job = try #require(
            try Library(folder: URL(fileURLWithPath: data), readers: 1).jobs.claim([.video]), "still queued, held by nobody")
        #expect(job.attempts == 1, "the interrupted run is not counted as a failed attempt")
    }
}
