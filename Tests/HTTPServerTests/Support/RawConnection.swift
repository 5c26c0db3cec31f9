import Foundation
import HTTPServer
#if canImport(Glibc)
    import Glibc
#endif

/// Why the test client failed: a socket call with its errno, or bytes that are not HTTP.
struct ClientFailure: Error, CustomStringConvertible {
    let description: String

    static func system(_ call: String, _ code: Int32) -> ClientFailure {
        ClientFailure(description: "\(call): \(String(cString: strerror(code))) (errno \(code))")
    }
}

/// A response as it came off the wire.
struct WireResponse {
    let status: Int
    let reason: String
    let headers: Headers
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A TCP connection to 127.0.0.1 that sends exactly the bytes a test writes, so tests can
/// send what no well-behaved client would (huge Content-Length, bare LF, half a body).
/// Every receive gives up after `receiveTimeout` seconds (SO_RCVTIMEO) instead of hanging.
final class RawConnection {
    private let fd: Int32
    /// Bytes received and not yet consumed by a parsed response.
    private var buffered: [UInt8] = []

    init(port: Int, receiveTimeout: Double = 5) throws(ClientFailure) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        var timeout = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw .system("connect", code)
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) throws(ClientFailure) {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws(ClientFailure) {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that already closed must fail the test, not kill it with SIGPIPE.
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system("send", errno)
            }
            sent += count
        }
    }

    /// Reads one response. `bodyless` is for answers to HEAD, whose headers announce a body
    /// that never comes.
    func receiveResponse(bodyless: Bool = false) throws(ClientFailure) -> WireResponse {
        let head = try receiveHead()
        let lines = head.components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw ClientFailure(description: "not a status line: \(lines[0].debugDescription)")
        }
        var headers = Headers()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw ClientFailure(description: "not a header: \(line.debugDescription)") }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body: [UInt8]
        if bodyless || (100..<200).contains(status) || status == 204 || status == 304 {
            body = []
        } else if let length = headers["Content-Length"].flatMap(Int.init) {
            body = try receive(count: length)
        } else if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            body = try receiveChunkedBody()
        } else {
            body = try receiveUntilClosed()
        }
        return WireResponse(status: status, reason: statusLine.count > 2 ? statusLine[2] : "", headers: headers, body: body)
    }

    /// Everything the server sends until it closes the connection.
    func receiveUntilClosed() throws(ClientFailure) -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// True when the server closes the connection (end of stream or reset) within `seconds`;
    /// false when it stays open that long or sends data instead.
    func isClosedByServer(within seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            return false
        }
        return false
    }

    /// Reads more bytes into `buffered`; false when the server has closed the connection.
    private func fill() throws(ClientFailure) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffered += chunk[..<count]
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN { throw ClientFailure(description: "recv: no answer within the receive timeout") }
            throw .system("recv", errno)
        }
    }

    private func receiveHead() throws(ClientFailure) -> String {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var searchFrom = 0
        while true {
            if let end = firstIndex(of: separator, from: searchFrom) {
                let head = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + separator.count)
                return head
            }
            searchFrom = max(0, buffered.count - separator.count + 1)
            guard try fill() else {
                throw ClientFailure(description: "connection closed before a complete response head; got \(buffered.count) bytes")
            }
        }
    }

    private func receive(count: Int) throws(ClientFailure) -> [UInt8] {
        while buffered.count < count {
            guard try fill() else {
                throw ClientFailure(description: "connection closed after \(buffered.count) of \(count) body bytes")
            }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    private func receiveLine() throws(ClientFailure) -> String {
        let crlf: [UInt8] = [13, 10]
        while true {
            if let end = firstIndex(of: crlf, from: 0) {
                defer { buffered.removeFirst(end + 2) }
                return String(decoding: buffered[..<end], as: UTF8.self)
            }
            guard try fill() else { throw ClientFailure(description: "connection closed inside a chunked body") }
        }
    }

    private func receiveChunkedBody() throws(ClientFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeField = try receiveLine().split(separator: ";")[0]
            guard let size = Int(sizeField, radix: 16) else { throw ClientFailure(description: "bad chunk size \(sizeField)") }
            if size == 0 {
                while try !receiveLine().isEmpty {}
                return body
            }
            body += try receive(count: size)
            _ = try receiveLine()
        }
    }

    private func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard buffered.count >= pattern.count, start <= buffered.count - pattern.count else { return nil }
        for index in start...(buffered.count - pattern.count) where buffered[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }
}

extension RawConnection {
    /// Sends one request with `Host` and, when there is a body, `Content-Length`, and reads the answer.
    func request(
        method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws(ClientFailure) -> WireResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try receiveResponse(bodyless: method == "HEAD")
    }
}

/// One request on a fresh connection.
func fetch(
    port: Int, method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
) throws(ClientFailure) -> WireResponse {
    try RawConnection(port: port).request(method: method, target, headers: headers, body: body)
}

extension RawConnection {
    /// A chunked POST: the head (with `headers`, whole lines ending in CRLF), `count` chunks of
    /// `size` bytes of "x", then the last chunk. No Content-Length, so nothing can be refused early.
    func postChunked(_ path: String, headers: String = "", chunks count: Int, of size: Int) throws(ClientFailure) {
        try send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Transfer-Encoding: chunked\r\n\r\n")
        let chunk = String(size, radix: 16) + "\r\n" + String(repeating: "x", count: size) + "\r\n"
        for _ in 0..<count { try send(chunk) }
        try send("0\r\n\r\n")
    }
}
