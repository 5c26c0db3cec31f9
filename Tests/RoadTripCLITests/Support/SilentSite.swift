import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A web site on 127.0.0.1 that takes every connection, reads the request and never answers:
/// whatever fetches from it waits until its own time limit. Records each request line.
/// `close()` it when done: its threads hold it until then.
final class SilentSite: Sendable {
    let port: Int
    /// Only its descriptor is read, which never changes.
    private nonisolated(unsafe) let listener: PortHolder
    private let state = Mutex(State())

    private struct State {
        var requestLines: [String] = []
        /// Open connections; each is closed by its own thread, after leaving this list.
        var connections: Set<Int32> = []
        var closed = false
    }

    init() throws {
        listener = try PortHolder()
        port = listener.port
        Thread.detachNewThread { [self] in acceptForever() }
    }

    /// The first line of each request received so far: `GET /path HTTP/1.1`.
    var requestLines: [String] { state.withLock { $0.requestLines } }

    /// Ends every connection (what waits on one sees it closed) and the accepting thread.
    func close() {
        state.withLock { state in
            state.closed = true
            // Under the lock: a descriptor in the list is still open, never one reused since.
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        shutdown(listener.fd, Int32(SHUT_RDWR))
    }

    private func acceptForever() {
        while true {
            let fd = accept(listener.fd, nil, nil)
            guard fd >= 0 else { return }
            let kept = state.withLock { state in
                if !state.closed { state.connections.insert(fd) }
                return !state.closed
            }
            guard kept else { return _ = Glibc.close(fd) }
            Thread.detachNewThread { [self] in serve(fd) }
        }
    }

    /// Reads the request line, then holds the connection open, never answering, until the
    /// client or `close()` ends it.
    private func serve(_ fd: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var count = 0
        repeat {
            count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count] }
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                state.withLock { $0.requestLines.append(line) }
                received = []
                while recv(fd, &buffer, buffer.count, 0) > 0 {}
                break
            }
        } while count > 0
        state.withLock { state in
            state.connections.remove(fd)
            _ = Glibc.close(fd)
        }
    }
}
