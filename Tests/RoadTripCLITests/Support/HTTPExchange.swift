import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 request over a real socket, with a timeout on every read.
struct HTTPExchange {
    let status: Int
    let head: String
    let body: String

    /// `extraHeaders`: whole header lines, each ending in CRLF. A `body` is sent with its length.
    init(port: Int, path: String, method: String = "GET", extraHeaders: String = "", body requestBody: String? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
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
        guard connected == 0 else { throw SocketError(description: "connect to port \(port): \(String(cString: strerror(errno)))") }
        let length = requestBody.map { "Content-Length: \($0.utf8.count)\r\n" } ?? ""
        let request = Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\(length)\(extraHeaders)\r\n\(requestBody ?? "")"
                .utf8)
        guard send(fd, request, request.count, 0) == request.count else {
            throw SocketError(description: "send: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            guard count > 0 else { throw SocketError(description: "recv: \(String(cString: strerror(errno)))") }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw SocketError(description: "no HTTP answer: \(text)") }
        head = String(text[..<split.lowerBound])
        body = String(text[split.upperBound...])
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]) else { throw SocketError(description: "bad status line: \(statusLine)") }
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

/// Signs in over the socket through the sign-in form. Returns the session cookie's value and the whole `Set-Cookie`.
func signInOverSocket(port: Int, name: String, password: String) throws -> (session: String, setCookie: String) {
    let form = try HTTPExchange(port: port, path: "/signin")
    #expect(form.status == 200, "\(form.head)")
    let formCookie = try #require(form.cookieValue("rt_form"), "\(form.head)")
    let csrf = try #require(form.formToken)
    let signedIn = try HTTPExchange(
        port: port, path: "/signin", method: "POST",
        extraHeaders: """
            Content-Type: application/x-www-form-urlencoded\r\nCookie: rt_form=\(formCookie)\r\n
            """, body: urlEncodedForm([("csrf", csrf), ("name", name), ("password", password)]))
    #expect(signedIn.status == 303, "\(signedIn.head)\n\(signedIn.body)")
    let session = try #require(signedIn.cookieValue("rt_session"), "\(signedIn.head)")
    return (session, try #require(signedIn.setCookie("rt_session")))
}
