#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor, closed exactly once: by `close()` where its error matters (the end
/// of a written file), otherwise when the object goes away, so no path can leak it.
final class FileDescriptor {
    private var fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
    }

    /// `O_CLOEXEC` always: a process the server starts must not inherit an upload.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(SystemError) -> FileDescriptor {
        FileDescriptor(fd: try systemCall("open") { Glibc.open(path, flags | O_CLOEXEC, mode) })
    }

    /// Up to `buffer.count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard buffer.count > 0 else { return 0 }
        return try systemCall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes every byte: a write may take only part of them (a signal, a nearly full disk),
    /// and the rest is written again until done or until the system reports why it cannot.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try systemCall("write") { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            // A regular file never takes nothing without an error; if one did, looping would hang.
            guard written > 0 else { throw SystemError(call: "write", errno: ENOSPC) }
            offset += written
        }
    }

    /// Closes now and reports a failure (a delayed write error shows up here). Never retried
    /// on EINTR: on Linux the descriptor is released whatever `close` returns.
    func close() throws(SystemError) {
        guard fd >= 0 else { return }
        let result = Glibc.close(fd)
        fd = -1
        if result != 0 { throw SystemError(call: "close", errno: Glibc.errno) }
    }
}
