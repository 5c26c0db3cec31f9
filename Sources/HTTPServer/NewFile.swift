#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

/// A new file for bytes from the network: a name nobody can guess or plant beforehand
/// (128 random bits, created with `O_EXCL`), readable by this user only (0600). Its owner
/// decides whether it stays: `discard()` removes it.
final class NewFile {
    let path: String
    private var descriptor: FileDescriptor?
    private(set) var size = 0

    private init(path: String, descriptor: FileDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }

    static func create(in folder: String, prefix: String) throws(SystemError) -> NewFile {
        var random = SystemRandomNumberGenerator()
        while true {
            let name =
                prefix + String(random.next() as UInt64, radix: 16).leftPadded(to: 16)
                + String(random.next() as UInt64, radix: 16).leftPadded(to: 16)
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            do throws(SystemError) {
                let descriptor = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
                return NewFile(path: path, descriptor: descriptor)
            } catch let error where error.errno == EEXIST {
                continue  // 2^-128 odds; a new name is the whole remedy
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let descriptor else { throw SystemError(call: "write", errno: EBADF) }
        try descriptor.writeAll(bytes)
        size += bytes.count
    }

    /// Closes the file for writing, so a failed close is reported before anyone reads it.
    func finishWriting() throws(SystemError) {
        defer { descriptor = nil }
        try descriptor?.close()
    }

    /// Closes it if open and removes it. A file already moved away by its reader (ENOENT) is fine.
    func discard() {
        descriptor = nil
        unlink(path)
    }
}
