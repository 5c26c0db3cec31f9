#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SystemCalls

/// The file operations Imaging needs itself: reading a file's first bytes to sniff it, its last
/// to see whether it ends as its format does, and writing an output so that no reader ever sees
/// half of it (`AtomicFile`).
enum FileAccess {
    /// Up to `count` bytes from the start of the file; fewer when the file is shorter.
    static func head(of path: String, count: Int) throws(ImagingError) -> [UInt8] {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            var bytes = [UInt8](repeating: 0, count: count)
            let filled = try file.readFully(into: &bytes)
            return Array(bytes.prefix(filled))
        } catch {
            throw .unreadable(errno: error.errno)
        }
    }

    /// Up to `count` bytes from the end of the file; fewer when the file is shorter.
    static func tail(of path: String, count: Int) throws(ImagingError) -> [UInt8] {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            var status = stat()
            guard fstat(file.rawValue, &status) == 0 else { throw SystemError(call: "fstat", errno: errno) }
            let start = max(0, Int(status.st_size) - count)
            var bytes = [UInt8](repeating: 0, count: Int(status.st_size) - start)
            let filled = try file.read(into: &bytes, at: start)
            return Array(bytes.prefix(filled))
        } catch {
            throw .unreadable(errno: error.errno)
        }
    }

    /// Writes the file whole or not at all (`AtomicFile`).
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(ImagingError) {
        try writeFailing { () throws(SystemError) in try AtomicFile.write(bytes, to: path) }
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImagingError) {
        try writeFailing { () throws(SystemError) in try AtomicFile.write(bytes, to: path) }
    }

    private static func writeFailing(_ write: () throws(SystemError) -> Void) throws(ImagingError) {
        do throws(SystemError) {
            try write()
        } catch {
            throw .writeFailed(errno: error.errno)
        }
    }
}
