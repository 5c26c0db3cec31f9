#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

/// Why an upload could not be written to disk; its text goes into the 507 answer, so it names
/// no path, only the cause.
struct StorageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    init(_ error: SystemError) {
        description = error.description
    }
}

/// The folder spooled request bodies are written to.
enum SpoolFolder {
    /// Creates the folder (mode 0700, and any missing parent too) if it is missing, and
    /// refuses one that another user could write to: whoever can rename entries there could
    /// swap an upload for a file of their own between the server writing it and the handler
    /// reading it. (In a shared `/tmp`, anyone can make `/tmp/roadtrip-uploads` first.) It
    /// must not be a symbolic link either.
    static func prepare(_ path: String) throws(StorageError) {
        let code = makeFolder(path)
        if code == 0 { return }
        guard code == EEXIST else { throw StorageError(SystemError(call: "mkdir", errno: code)) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw StorageError(SystemError(call: "lstat", errno: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw StorageError("the spool folder is not a private directory of the user running the server")
        }
    }

    /// 0 when made, else the errno of the failing `mkdir` (EEXIST when it was there).
    private static func makeFolder(_ path: String) -> Int32 {
        if mkdir(path, 0o700) == 0 { return 0 }
        let code = errno
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard code == ENOENT, let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex else { return code }
        let parent = makeFolder(String(trimmed[..<slash]))
        guard parent == 0 || parent == EEXIST else { return parent }
        return mkdir(path, 0o700) == 0 ? 0 : errno
    }
}
