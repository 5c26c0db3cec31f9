#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new file filled under a temporary name now and put in place later, once its final name is
/// known (a photo's original is named by the digest computed while it is copied) — or removed,
/// if it never is. Placing it is `AtomicFile`'s: fsync, rename, fsync of the folder.
public final class StagedFile {
    /// The file being filled, open for writing.
    public let file: FileDescriptor
    private let temporary: String
    private var placed = false

    /// A temporary file in `folder`, which must be on the file system of the final name's folder.
    public init(in folder: String, mode: mode_t = 0o644) throws(SystemError) {
        (file, temporary) = try AtomicFile.createTemporary(in: folder, for: "staged", mode: mode)
    }

    deinit {
        if !placed { unlink(temporary) }
    }

    /// Makes the file durable and gives it its name, replacing what was there.
    public func place(at path: String) throws(SystemError) {
        try file.sync()
        try file.close()
        try systemCall("rename") { rename(temporary, path) }
        placed = true
        AtomicFile.syncFolder(AtomicFile.folder(of: path))
    }
}
