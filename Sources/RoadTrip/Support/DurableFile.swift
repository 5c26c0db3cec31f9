import Foundation
import SystemCalls

/// Why a file could not be written or read.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ action: String, _ path: String, errno code: Int32 = errno) {
        description = "\(action) \(path): \(SystemError.message(code))"
    }
}

/// Files that are either there whole or not at all (`AtomicFile`), in folders made private to
/// the server's user, with what failed said in RoadTrip's terms.
enum DurableFile {
    /// Copies `source` to `destination`, replacing nothing that is already there under that
    /// name (content-addressed files are equal when their names are).
    static func copy(from source: String, to destination: String) throws(FileError) {
        let input: FileDescriptor
        do throws(SystemError) {
            input = try FileDescriptor.open(source, flags: O_RDONLY)
        } catch {
            throw FileError("cannot read", source, errno: error.errno)
        }
        try place(destination) { (output) throws(FileError) in
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count: Int
                do throws(SystemError) { count = try input.read(into: &buffer) } catch {
                    throw FileError("cannot read", source, errno: error.errno)
                }
                if count == 0 { break }
                do throws(SystemError) { try output.writeAll(buffer[0..<count]) } catch {
                    throw FileError("cannot write", destination, errno: error.errno)
                }
            }
        }
    }

    /// Writes `bytes` as the file at `path`, replacing what was there: a reader, on this
    /// instance or another over the shared folder, sees the old file or the new one, whole.
    static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try place(path) { (output) throws(FileError) in
            do throws(SystemError) { try output.writeAll(bytes) } catch { throw FileError("cannot write", path, errno: error.errno) }
        }
    }

    /// Fills a new file and puts it at `destination` (its folder made first), private to the
    /// server's user.
    private static func place(_ destination: String, _ fill: (FileDescriptor) throws(FileError) -> Void) throws(FileError) {
        try makeFolder((destination as NSString).deletingLastPathComponent)
        try AtomicFile.place(at: destination, mode: 0o600, fill) { FileError("cannot save", destination, errno: $0.errno) }
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
        do throws(SystemError) {
            try FileDescriptor.open(path, flags: O_RDONLY).sync()
        } catch {
            throw FileError(error.call == "open" ? "cannot read" : "cannot save", path, errno: error.errno)
        }
    }

    /// Makes a rename durable: the new directory entry is on disk once this returns.
    static func syncFolder(_ path: String) {
        AtomicFile.syncFolder(path)
    }
}
