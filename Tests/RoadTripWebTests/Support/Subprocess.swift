import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `roadtrip` executable, found beside the test bundle in the products folder of
/// whatever scratch path the tests were built with.
enum BuiltProducts {
    static func roadtrip() throws -> URL {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if !folders.contains(running) { folders.append(running) }
        for folder in folders {
            let candidate = folder.appendingPathComponent("roadtrip")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SubprocessError(description: """
            the roadtrip executable is not beside the test bundle (looked in \(folders.map(\.path).joined(separator: ", "))); \
            build it first with `swift build --build-tests` using the same --scratch-path as `swift test`
            """)
    }
}

struct SubprocessError: Error, CustomStringConvertible {
    let description: String
}

/// What a finished command left.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String

    var standardErrorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// `roadtrip` run as a child process with its output going to files, so it can neither fill a
/// pipe and stall nor be waited on without a limit. The environment is the test's without
/// any RoadTrip or XDG settings, and with HOME in the scratch folder, so nothing lands in a
/// real home folder.
final class RoadTripProcess {
    let process = Process()
    private let outputFile: URL
    private let errorFile: URL

    /// `input`: what the command reads on standard input (a file, so never a terminal); nothing when nil.
    init(_ arguments: [String], environment overrides: [String: String] = [:], input: String? = nil, scratch: URL) throws {
        let id = UUID().uuidString
        outputFile = scratch.appendingPathComponent("stdout-\(id)")
        errorFile = scratch.appendingPathComponent("stderr-\(id)")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        if let input {
            let inputFile = scratch.appendingPathComponent("stdin-\(id)")
            try Data(input.utf8).write(to: inputFile)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        var environment = ProcessInfo.processInfo.environment
        environment["ROADTRIP_DATA"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment.merge(overrides) { $1 }
        process.executableURL = try BuiltProducts.roadtrip()
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Waits until the process has exited, at most `seconds`; kills it and throws if it has not.
    @discardableResult
    func waitForExit(within seconds: Double) throws -> CommandResult {
        guard poll(seconds, until: { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            throw SubprocessError(description: """
                roadtrip \(process.arguments?.joined(separator: " ") ?? "") still running after \(seconds) s; killed. \
                stdout: \(standardOutput) stderr: \(standardError)
                """)
        }
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return CommandResult(status: status, standardOutput: standardOutput, standardError: standardError)
    }

    /// Waits until the standard output contains `text`, at most `seconds`.
    func waitForOutput(containing text: String, within seconds: Double) throws {
        guard poll(seconds, until: { standardOutput.contains(text) || !process.isRunning }), standardOutput.contains(text) else {
            throw SubprocessError(description: "roadtrip did not print \"\(text)\"; stdout: \(standardOutput) stderr: \(standardError)")
        }
    }

    private func poll(_ seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Runs a command to its end (at most a minute).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil, scratch: URL) throws -> CommandResult {
        try RoadTripProcess(arguments, environment: environment, input: input, scratch: scratch).waitForExit(within: 60)
    }
}

/// A listening TCP socket on 127.0.0.1, to hold a port so that the server finds it taken.
final class PortHolder {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SubprocessError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw SubprocessError(description: "cannot hold a port: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(fd)
    }
}

/// One HTTP/1.1 request over a real socket, with a timeout on every read.
struct HTTPExchange {
    let status: Int
    let head: String
    let body: String

    /// `extraHeaders`: whole header lines, each ending in CRLF. A `body` is sent with its length.
    init(port: Int, path: String, method: String = "GET", extraHeaders: String = "", body requestBody: String? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SubprocessError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SubprocessError(description: "connect to port \(port): \(String(cString: strerror(errno)))") }
        let length = requestBody.map { "Content-Length: \($0.utf8.count)\r\n" } ?? ""
        let request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\(length)\(extraHeaders)\r\n\(requestBody ?? "")".utf8)
        guard send(fd, request, request.count, 0) == request.count else {
            throw SubprocessError(description: "send: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            guard count > 0 else { throw SubprocessError(description: "recv: \(String(cString: strerror(errno)))") }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw SubprocessError(description: "no HTTP answer: \(text)") }
        head = String(text[..<split.lowerBound])
        body = String(text[split.upperBound...])
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]) else { throw SubprocessError(description: "bad status line: \(statusLine)") }
        status = code
    }
}

extension HTTPExchange {
    /// The values of one header field, as sent (`Set-Cookie` comes once per cookie).
    func headerValues(_ name: String) -> [String] {
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    /// The whole `Set-Cookie` value that sets `name`.
    func setCookie(_ name: String) -> String? {
        headerValues("Set-Cookie").first { $0.hasPrefix("\(name)=") }
    }

    /// The value a `Set-Cookie` gives `name`.
    func cookieValue(_ name: String) -> String? {
        setCookie(name).flatMap { $0.split(separator: ";").first }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The `csrf` hidden field of the page.
    var formToken: String? {
        body.firstMatch(of: #/name="csrf" value="([A-Za-z0-9_-]{43})"/#).map { String($0.output.1) }
    }
}

/// A form body, every byte but the unreserved ones escaped.
func urlEncodedForm(_ fields: [(String, String)]) -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let escape = { (text: String) in
        text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
    return fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
}

/// Signs in over the socket through the sign-in form. Returns the session cookie's value and the whole `Set-Cookie`.
func signInOverSocket(port: Int, name: String, password: String) throws -> (session: String, setCookie: String) {
    let form = try HTTPExchange(port: port, path: "/signin")
    #expect(form.status == 200, "\(form.head)")
    let formCookie = try #require(form.cookieValue("rt_form"), "\(form.head)")
    let csrf = try #require(form.formToken)
    let signedIn = try HTTPExchange(port: port, path: "/signin", method: "POST", extraHeaders: """
        Content-Type: application/x-www-form-urlencoded\r\nCookie: rt_form=\(formCookie)\r\n
        """, body: urlEncodedForm([("csrf", csrf), ("name", name), ("password", password)]))
    #expect(signedIn.status == 303, "\(signedIn.head)\n\(signedIn.body)")
    let session = try #require(signedIn.cookieValue("rt_session"), "\(signedIn.head)")
    return (session, try #require(signedIn.setCookie("rt_session")))
}
