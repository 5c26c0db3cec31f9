import Foundation
import RoadTrip

/// A plain HTTP/1.1 client over a POSIX socket, for tests that talk to a real server on
/// loopback (the libcurl adapter lives in the executable, which tests cannot import): one GET
/// per connection with `Connection: close`, the answer read until the server closes it.
/// Like curl, its failures quote the whole address asked, key included.
struct LoopbackFlickrTransport: FlickrTransport {
    var timeoutSeconds = 5

    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer {
        let address = url.absoluteString
        guard url.scheme == "http", url.host == "127.0.0.1", let port = url.port,
            let authorityEnd = address.dropFirst("http://".count).firstIndex(where: { $0 == "/" || $0 == "?" })
        else { throw .network("\(address) is not on loopback") }
        let target = address[authorityEnd...].hasPrefix("?") ? "/" + address[authorityEnd...] : String(address[authorityEnd...])

        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard connection >= 0 else { throw .network("no socket for \(address)") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard Self.connect(connection, port: port) else {
            throw .network("Failed to connect to \(address): \(String(cString: strerror(errno)))")
        }
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        guard Self.send(Array(request.utf8), on: connection) else { throw .network("Failed to send to \(address)") }
        guard let bytes = Self.receiveAll(from: connection, limit: limit + 64 * 1024) else {
            throw .network("No complete answer from \(address)")
        }
        return try Self.answer(bytes, limit: limit, from: address)
    }

    private static func connect(_ connection: Int32, port: Int) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Everything the server sends until it closes; nil on a timeout, an error or more than `limit` bytes.
    private static func receiveAll(from connection: Int32, limit: Int) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count >= 0, received.count + count <= limit else { return nil }
            if count == 0 { return received }
            received += buffer[..<count]
        }
    }

    /// The status and body of a `Content-Length` answer (what the project's server sends for bytes).
    private static func answer(_ bytes: [UInt8], limit: Int, from address: String) throws(FlickrError) -> FlickrHTTPAnswer {
        let separator = Array("\r\n\r\n".utf8)
        guard
            let end = (0...max(0, bytes.count - separator.count)).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator })
        else { throw .network("No headers in the answer from \(address)") }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            throw .network("No status line in the answer from \(address)")
        }
        if lines.contains(where: { $0.lowercased().hasPrefix("transfer-encoding:") }) {
            throw .network("A chunked answer from \(address), which this test transport does not read")
        }
        let body = Array(bytes[(end + separator.count)...])
        guard body.count <= limit else { throw .network("The answer from \(address) is over \(limit) bytes") }
        return FlickrHTTPAnswer(status: status, body: body)
    }
}
