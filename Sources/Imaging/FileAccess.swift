#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two file operations Imaging needs itself: reading a file's first bytes to sniff it, and
/// writing an output so that no reader ever sees half of it.
enum FileAccess {
    /// Up to `count` bytes from the start of the file; fewer when the file is shorter.
    static func head(of path: String, count: Int) throws(ImagingError) -> [UInt8] {
        let fd = SystemError.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .unreadable(errno: errno) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                SystemError.retryingInterrupts { read(fd, buffer.baseAddress! + filled, count - filled) }
            }
            guard got >= 0 else { throw .unreadable(errno: errno) }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Writes a temporary file beside `path`, fsyncs it, renames it over `path` and fsyncs the
    /// folder, so a crash leaves either the old file or the whole new one. The temporary file
    /// never outlives a failure.
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(ImagingError) {
        let (fd, temporary) = try createTemporary(beside: path)
        var written = false
        defer { if !written { unlink(temporary) } }
        do {
            defer { close(fd) }
            var offset = 0
            while offset < bytes.count {
                let put = SystemError.retryingInterrupts { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
                guard put > 0 else { throw ImagingError.writeFailed(errno: errno) }
                offset += put
            }
            guard SystemError.retryingInterrupts({ fsync(fd) }) == 0 else { throw ImagingError.writeFailed(errno: errno) }
        }
        guard rename(temporary, path) == 0 else { throw .writeFailed(errno: errno) }
        written = true
        syncFolder(of: path)
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImagingError) {
        // Array's closure-taking methods rethrow untyped errors; carry the typed one out instead.
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try writeAtomically(buffer, to: path) }
        }
        try outcome.get()
    }

    /// O_EXCL with a random name: two threads writing the same destination never share a file.
    private static func createTemporary(beside path: String) throws(ImagingError) -> (Int32, String) {
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = "\(folder(of: path))/.\(name(of: path)).\(suffix).tmp"
            let fd = SystemError.retryingInterrupts { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { throw .writeFailed(errno: errno) }
        }
        throw .writeFailed(errno: EEXIST)
    }

    /// Makes the rename itself durable. A folder that cannot be opened or synced (some file
    /// systems refuse) does not undo a write that already happened, so failures are ignored.
    private static func syncFolder(of path: String) {
        let fd = SystemError.retryingInterrupts { open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = SystemError.retryingInterrupts { fsync(fd) }
        close(fd)
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
