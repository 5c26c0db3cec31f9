import Foundation

/// Why a file could not be written or read.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ action: String, _ path: String, errno code: Int32 = errno) {
        description = "\(action) \(path): \(String(cString: strerror(code)))"
    }
}

/// Files that are either there whole or not at all: written under a temporary name in the
/// same folder, fsynced, renamed into place, and the folder fsynced, so that a crash at any
/// moment never leaves a half-written file under the final name.
enum DurableFile {
    /// Copies `source` to `destination`, replacing nothing that is already there under that
    /// name (content-addressed files are equal when their names are).
    static func copy(from source: String, to destination: String) throws(FileError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileError("cannot read", source) }
        defer { close(input) }
        try place(destination) { (output, temporary) throws(FileError) in
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileError("cannot read", source)
                }
                if count == 0 { break }
                try writeAll(buffer[0..<count], to: output, path: temporary)
            }
        }
    }

    /// Writes `bytes` as the file at `path`, replacing what was there: a reader, on this
    /// instance or another over the shared folder, sees the old file or the new one, whole.
    static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try place(path) { (output, temporary) throws(FileError) in try writeAll(bytes[...], to: output, path: temporary) }
    }

    /// Fills a new file under a temporary name beside `destination`, fsyncs it, renames it into
    /// place and syncs the folder; on any failure the temporary file goes.
    private static func place(_ destination: String, _ fill: (Int32, String) throws(FileError) -> Void) throws(FileError) {
        let folder = (destination as NSString).deletingLastPathComponent
        try makeFolder(folder)
        let temporary = folder + "/.incoming-\(UInt64.random(in: 0...UInt64.max))"
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw FileError("cannot create", temporary) }
        var done = false
        defer {
            close(output)
            if !done { unlink(temporary) }
        }
        try fill(output, temporary)
        guard fsync(output) == 0 else { throw FileError("cannot save", temporary) }
        guard rename(temporary, destination) == 0 else { throw FileError("cannot save", destination) }
        done = true
        syncFolder(folder)
    }

    /// Creates the folder and its parents, private to the server's user.
    static func makeFolder(_ path: String) throws(FileError) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST { throw FileError("cannot create folder", partial) }
        }
    }

    /// The size of a regular file; nil when there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Writes the file's bytes through to the disk, as a copy's are before its rename.
    static func sync(_ path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot read", path) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw FileError("cannot save", path) }
    }

    /// Makes a rename durable: the new directory entry is on disk once this returns.
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32, path: String) throws(FileError) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot write", path)
            }
            offset += written
        }
    }
}
