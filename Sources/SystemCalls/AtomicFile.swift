#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that is there whole or not at all: filled under a temporary name in its folder,
/// fsynced, renamed into place, and the folder fsynced, so a crash at any moment leaves the
/// old file or the whole new one under the final name (and a reader on another instance
/// over a shared folder sees one or the other, never half).
public enum AtomicFile {
    /// Fills a new file through `fill` and puts it at `path`, replacing what was there. On any
    /// failure the temporary file goes and `path` is untouched. `failure` says what a failed
    /// step of the placing itself (create, fsync, rename) means in the caller's terms.
    public static func place<Failure: Error>(
        at path: String, mode: mode_t = 0o644, _ fill: (FileDescriptor) throws(Failure) -> Void,
        failure: (SystemError) -> Failure
    ) throws(Failure) {
        let folder = folder(of: path)
        let file: FileDescriptor, temporary: String
        do throws(SystemError) {
            (file, temporary) = try createTemporary(in: folder, for: name(of: path), mode: mode)
        } catch {
            throw failure(error)
        }
        var placed = false
        defer { if !placed { unlink(temporary) } }
        try fill(file)
        do throws(SystemError) {
            try file.sync()
            try file.close()
            try systemCall("rename") { rename(temporary, path) }
        } catch {
            throw failure(error)
        }
        placed = true
        syncFolder(folder)
    }

    /// Writes `bytes` as the file at `path`, as `place` does.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o644) throws(SystemError) {
        try place(at: path, mode: mode, { (file) throws(SystemError) in try file.writeAll(bytes) }, failure: { $0 })
    }

    public static func write(_ bytes: ArraySlice<UInt8>, to path: String, mode: mode_t = 0o644) throws(SystemError) {
        try place(at: path, mode: mode, { (file) throws(SystemError) in try file.writeAll(bytes) }, failure: { $0 })
    }

    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        try write(bytes[...], to: path, mode: mode)
    }

    /// Makes a rename into `path` (a folder) durable. A folder that cannot be opened or synced
    /// (some file systems refuse) does not undo what already happened, so failures are ignored.
    public static func syncFolder(_ path: String) {
        guard let folder = try? FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY) else { return }
        try? folder.sync()
    }

    /// O_EXCL with a random name: two threads writing the same destination never share a file.
    static func createTemporary(
        in folder: String, for name: String, mode: mode_t
    ) throws(SystemError) -> (FileDescriptor, String) {
        for _ in 0..<8 {
            let temporary = "\(folder)/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            do {
                return (try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode), temporary)
            } catch  where error.errno == EEXIST {
                continue
            }
        }
        throw SystemError(call: "open", errno: EEXIST)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
