import Foundation
import Synchronization

/// A loopback server that writes whatever bytes a test gives it, for answers the project's
/// server never sends (a chunked body). One connection at a time; each is read up to the
/// end of its request headers, answered, and closed.
final class RawHTTPServer: Sendable {
    /// Writes the answer through `send`, which reports false once the client has gone.
    typealias Answer = @Sendable (_ send: ([UInt8]) -> Bool) -> Void

    let port: Int
    private let listener: Int32
    private let progress = Progress()

    init(answer: @escaping Answer) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw RawServerError(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw RawServerError(call: "bind")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let progress = self.progress
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    break
                }
                progress.connections.withLock { $0 += 1 }
                Self.serve(connection, answer: answer)
                close(connection)
            }
            progress.finished.withLock { $0 = true }
        }
    }

    /// How many connections were accepted.
    var connectionCount: Int { progress.connections.withLock { $0 } }

    /// Stops accepting (shutdown wakes a blocked accept on Linux) and closes the socket.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        while !progress.finished.withLock({ $0 }) { usleep(1_000) }
        close(listener)
    }

    private static func serve(_ connection: Int32, answer: Answer) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            request += buffer[..<count]
        }
        answer { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}

/// What the accepting thread tells the test.
private final class Progress: Sendable {
    let connections = Mutex(0)
    let finished = Mutex(false)
}

struct RawServerError: Error {
    let call: String
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
