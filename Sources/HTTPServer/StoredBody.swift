import CMicroHTTPDShim
import SystemCalls
#if canImport(Glibc)
    import Glibc
#endif

/// A response body made once and sent many times (an asset, a compressed variant of one): its
/// bytes are kept in a sealed file in memory, and each response sends them from a descriptor
/// of that file (sendfile), so no request copies them. Sealed, the bytes cannot change after
/// the ETag was computed for them, whoever holds a descriptor.
public final class StoredBody: Sendable {
    /// The memory file's own descriptor; each response gets a duplicate (libmicrohttpd closes it).
    private let descriptor: Int32
    public let count: Int

    /// `name` shows in /proc/<pid>/fd, for whoever looks at the process.
    public init(_ bytes: [UInt8], name: String) throws(SystemError) {
        let file = FileDescriptor(adopting: try systemCall("memfd_create") { rt_memory_file_create(name) })
        try file.writeAll(bytes)
        _ = try systemCall("fcntl(F_ADD_SEALS)") { rt_memory_file_seal(file.rawValue) }
        // A descriptor of this object's own: `file` closes its when it goes at the end of init.
        descriptor = try StoredBody.duplicate(file.rawValue)
        count = bytes.count
    }

    deinit {
        close(descriptor)
    }

    /// A descriptor of its own for one response, which that response closes; nil when the
    /// process has run out of descriptors.
    func duplicate() -> Int32? {
        try? StoredBody.duplicate(descriptor)
    }

    /// Close-on-exec like every descriptor the server opens: a process it starts inherits none.
    private static func duplicate(_ fd: Int32) throws(SystemError) -> Int32 {
        try systemCall("fcntl(F_DUPFD_CLOEXEC)") { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }
}

extension StoredBody {
    /// The bytes, read back from the memory file (for a test or a log, never for a response).
    public func bytes() throws(SystemError) -> [UInt8] {
        let file = FileDescriptor(adopting: try StoredBody.duplicate(descriptor))
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try file.read(into: &bytes, at: 0)
        return Array(bytes[..<read])
    }
}
