import Foundation
import TestSupport
@testable import HTTPServer
import Testing

@Suite struct AccessLogTests {
    @Test func eachRequestWritesOneLineOfMethodPathStatusAndMilliseconds() throws {
        // setup
        let log = LogRecorder()
        let server = try startServer(log: log) { request in
            switch request.path {
            case "/missing": .text("no", status: .notFound)
            case "/form": .redirect(to: "/done")
            default: .text("yes")
            }
        }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        _ = try connection.request("/")
        _ = try connection.request(method: "POST", "/form", body: Array("a=1".utf8))
        _ = try connection.request("/missing")

        // validate
        #expect(eventually(within: 5) { log.accessLines.count == 3 })
        usleep(100_000)
        let lines = log.accessLines
        #expect(lines.count == 3)
        #expect(
            lines.map { $0.split(separator: " ").dropLast().joined(separator: " ") } == ["GET / 200", "POST /form 303", "GET /missing 404"])
        let format = /^[A-Z]+ \/\S* \d{3} \d+\.\dms$/
        for line in lines {
            #expect(line.wholeMatch(of: format) != nil, "\(line)")
        }
    }

    @Test func queryStringNeverReachesTheLog() throws {
        // setup
        let log = LogRecorder()
        let server = try startServer(log: log, handler: answerOK)
        defer { server.stop() }

        // MUT
        let response = try fetch(port: server.port, "/secret?token=abc")

        // validate
        #expect(response.status == 200)
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        #expect(log.accessLines.first?.hasPrefix("GET /secret 200 ") == true)
        #expect(!log.all.contains { $0.contains("token") || $0.contains("abc") })
    }

    @Test func aTokenIsWrittenUnderNoSpellingOfItsPath() throws {
        // setup: a share link's token (24 characters of base64url), and the application's own
        // rewrite of its one canonical spelling, as RoadTrip's
        let token = "Ab3_x-9QrT2mKz7LwV4nYp0s"
        let log = LogRecorder()
        let server = try startServer(
            configure: { configuration in
                configuration.pathForLog = { $0.hasPrefix("/s/") ? "/s/link-unknown" + $0.dropFirst(3).drop { $0 != "/" } : $0 }
            }, log: log
        ) { _ in .text("yes") }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let spellings = [
            "//s/\(token)", "/s//\(token)", "/S/\(token)", "/./s/\(token)", "/static/../s/\(token)/photos",
            "http://127.0.0.1/s/\(token)", "/s/\(token.prefix(20))", "/s/%41\(token)", "/app.0123456789abcdef.css",
        ]

        // MUT
        for spelling in spellings { _ = try connection.request(spelling) }

        // validate: one line each, none with the token or more than 16 of its characters in a row
        #expect(eventually(within: 5) { log.accessLines.count == spellings.count })
        let lines = log.accessLines
        #expect(lines.count == spellings.count)
        for line in lines {
            #expect(!line.contains(token.prefix(17)) && !line.contains(token.suffix(17)), "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("GET /S/[token] ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("GET /app.0123456789abcdef.css ") }, "an asset's version stays readable: \(lines)")
        #expect(AccessLog.redactingTokens("/vacations/12/photos/all/3") == "/vacations/12/photos/all/3")
    }

    /// A path can hold a secret (a share link's token): the answer names what the log writes
    /// instead, and `pathForLog` rewrites the paths of answers that do not, the server's own
    /// (a 413 before the handler runs) included.
    @Test func anAnswersLogPathOrTheConfiguredRewriteIsWrittenInsteadOfThePath() throws {
        // setup
        let log = LogRecorder()
        let server = try startServer(
            configure: { configuration in
                configuration.maximumBodySize = 16
                configuration.pathForLog = { $0.hasPrefix("/s/") ? "/s/link-unknown" : $0 }
            }, log: log
        ) { request in
            var response = Response.text("yes")
            if request.path == "/s/secret-one" { response.logPath = "/s/link-7" }
            return response
        }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)

        // MUT
        _ = try connection.request("/s/secret-one")
        _ = try connection.request("/s/secret-two")
        _ = try fetch(port: server.port, method: "POST", "/s/secret-three", body: Array(repeating: UInt8(ascii: "a"), count: 64))

        // validate
        #expect(eventually(within: 5) { log.accessLines.count == 3 })
        // Each line is written when its request completes, and the POST comes on a connection of
        // its own: it may be logged before the kept-alive connection's second line.
        #expect(
            log.accessLines.map { $0.split(separator: " ").dropLast().joined(separator: " ") }.sorted()
                == ["GET /s/link-7 200", "GET /s/link-unknown 200", "POST /s/link-unknown 413"])
        #expect(!log.all.contains { $0.contains("secret") })
    }

    @Test func controlCharactersAndSpacesInThePathAreEscaped() throws {
        // setup
        let log = LogRecorder()
        let requests = Recorder<Request>()
        let server = try startServer(log: log, requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        _ = try fetch(port: server.port, "/a%0Ab%0D%09c%20d%7F")

        // validate
        #expect(requests.last?.path == "/a\nb\r\tc d\u{7F}")
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        let line = try #require(log.accessLines.first)
        #expect(line.hasPrefix("GET /a%0Ab%0D%09c%20d%7F 200 "))
        #expect(!line.contains { $0.isNewline || $0 == "\t" })
    }

    @Test func forgedLogLineInThePathStaysInsideOneLine() throws {
        // setup
        let log = LogRecorder()
        let server = try startServer(log: log, handler: answerOK)
        defer { server.stop() }

        // MUT
        _ = try fetch(port: server.port, "/x%0AGET%20/admin%20200%200.1ms")

        // validate
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        usleep(100_000)
        #expect(log.accessLines.count == 1)
        #expect(log.accessLines.first?.hasPrefix("GET /x%0AGET%20/admin%20200%200.1ms 200 ") == true)
    }

    /// U+0085 (NEL, a C1 control character) and U+2028 (LINE SEPARATOR) end a line for many
    /// readers (Python's `splitlines`, JavaScript), so they must be escaped like LF is.
    @Test func unicodeLineBreaksInThePathAreEscaped() throws {
        // setup
        let log = LogRecorder()
        let requests = Recorder<Request>()
        let server = try startServer(log: log, requests: requests, handler: answerOK)
        defer { server.stop() }

        // MUT
        _ = try fetch(port: server.port, "/a%C2%85b%E2%80%A8c")

        // validate
        #expect(requests.last?.path == "/a\u{85}b\u{2028}c")
        #expect(eventually(within: 5) { log.accessLines.count == 1 })
        let line = try #require(log.accessLines.first)
        #expect(!line.contains { $0.isNewline }, "\(line.debugDescription)")
        #expect(line.hasPrefix("GET /a%C2%85b%E2%80%A8c 200 "), "\(line.debugDescription)")
    }

    @Test func aDurationNoDoubleCanHoldAsMillisecondsIsWrittenAsADash() {
        let line = AccessLog.line(method: "GET", path: "/", status: 200, elapsed: .seconds(Int64.max))
        #expect(line == "GET / 200 -ms")
        #expect(AccessLog.line(method: "GET", path: "/", status: 200, elapsed: .milliseconds(1234)) == "GET / 200 1234.0ms")
    }
}
