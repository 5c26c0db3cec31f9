#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

/// Why the server could not start, in words a person running it understands.
public struct StartError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Binds and listens on `host:port` and returns the socket, so that a busy port or a wrong
/// address is reported with its real cause before libmicrohttpd takes the socket over.
enum ListeningSocket {
    static func open(host: String, port: Int) throws(StartError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw StartError(description: "port \(port) is not between 0 and 65535") }
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let info = list else {
            throw StartError(description: "cannot listen on \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        do throws(SystemError) {
            let fd = try systemCall("socket") {
                socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            }
            do throws(SystemError) {
                var yes: Int32 = 1
                try systemCall("setsockopt") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
                try systemCall("bind") { bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) }
                try systemCall("listen") { listen(fd, 1024) }
                return (fd, try boundPort(fd))
            } catch {
                close(fd)
                throw error
            }
        } catch {
            switch error.errno {
            case EADDRINUSE: throw StartError(description: "port \(port) on \(host) is already in use")
            case EACCES: throw StartError(description: "not allowed to listen on port \(port) (ports below 1024 need privileges)")
            case EADDRNOTAVAIL: throw StartError(description: "\(host) is not an address of this machine")
            default: throw StartError(description: "cannot listen on \(host):\(port): \(error)")
            }
        }
    }

    private static func boundPort(_ fd: Int32) throws(SystemError) -> Int {
        let storage = UnsafeMutablePointer<sockaddr_storage>.allocate(capacity: 1)
        defer { storage.deallocate() }
        storage.initialize(to: sockaddr_storage())
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
            _ = try systemCall("getsockname") { getsockname(fd, address, &length) }
        }
        if Int32(storage.pointee.ss_family) == AF_INET6 {
            return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        }
        return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
    }
}
