#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
internal import CSystemShim

/// An open file descriptor, closed exactly once: by `close()` where its error matters (the end
/// of a written file), otherwise when the object goes away, so no path can leak it.
public final class FileDescriptor {
    /// The descriptor itself, for a library call that takes one; it stays this object's.
    public private(set) var rawValue: Int32

    private init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    deinit {
        if rawValue >= 0 { _ = systemClose(rawValue) }
    }

    /// Takes ownership of a descriptor opened elsewhere (by a library call), to be closed once.
    public convenience init(adopting rawValue: Int32) {
        self.init(rawValue: rawValue)
    }

    /// `O_CLOEXEC` always: a process the server starts must not inherit an open file.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try systemCall("open") { systemOpen(path, flags | O_CLOEXEC, mode) })
    }

    /// Up to `buffer.count` bytes; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard buffer.count > 0 else { return 0 }
        return try systemCall("read") { systemRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Up to `bytes.count` bytes into the start of `bytes`; 0 at the end of the file.
    public func read(into bytes: inout [UInt8]) throws(SystemError) -> Int {
        let outcome = bytes.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) in try read(into: buffer) } }
        return try outcome.get()
    }

    /// Reads until `buffer` is full or the file ends; how many bytes it holds.
    public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    public func readFully(into bytes: inout [UInt8]) throws(SystemError) -> Int {
        let outcome = bytes.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) in try readFully(into: buffer) } }
        return try outcome.get()
    }

    /// Writes every byte: a write may take only part of them (a signal, a nearly full disk),
    /// and the rest is written again until done or until the system reports why it cannot.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        try SystemCalls.writeAll(bytes, toDescriptor: rawValue)
    }

    public func writeAll(_ bytes: ArraySlice<UInt8>) throws(SystemError) {
        // Array's closure-taking methods rethrow untyped errors; carry the typed one out instead.
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(buffer) } }
        try outcome.get()
    }

    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        try writeAll(bytes[...])
    }

    /// Up to `bytes.count` bytes from `offset` of the file, whatever its position; fewer only
    /// where the file ends.
    public func read(into bytes: inout [UInt8], at offset: Int) throws(SystemError) -> Int {
        let outcome = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in
                var filled = 0
                while filled < buffer.count {
                    let count = try systemCall("pread") {
                        pread(rawValue, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
                    }
                    if count == 0 { break }
                    filled += count
                }
                return filled
            }
        }
        return try outcome.get()
    }

    /// Writes every byte at `offset` of the file, whatever its position.
    public func write(_ bytes: [UInt8], at offset: Int) throws(SystemError) {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in
                var written = 0
                while written < buffer.count {
                    let count = try systemCall("pwrite") {
                        pwrite(rawValue, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
                    }
                    guard count > 0 else { throw SystemError(call: "pwrite", errno: ENOSPC) }
                    written += count
                }
            }
        }
        try outcome.get()
    }

    /// Writes the file's bytes through to the disk.
    public func sync() throws(SystemError) {
        try systemCall("fsync") { fsync(rawValue) }
    }

    /// Writes every file of this descriptor's file system through to the disk, in one call
    /// (syncfs): a folder of thousands of new files is made durable at once, rather than
    /// file by file.
    public func syncFileSystem() throws(SystemError) {
        try systemCall("syncfs") { rt_syncfs(rawValue) }
    }

    /// Closes now and reports a failure (a delayed write error shows up here). Never retried
    /// on EINTR: on Linux the descriptor is released whatever `close` returns.
    public func close() throws(SystemError) {
        guard rawValue >= 0 else { return }
        let result = systemClose(rawValue)
        rawValue = -1
        if result != 0 { throw SystemError(call: "close", errno: errno) }
    }
}

/// Every byte to a descriptor this code does not own (standard error), as
/// `FileDescriptor.writeAll` does to its own.
public func writeAll(_ bytes: UnsafeRawBufferPointer, toDescriptor descriptor: Int32) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
        let written = try systemCall("write") { systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
        // A regular file never takes nothing without an error; if one did, looping would hang.
        guard written > 0 else { throw SystemError(call: "write", errno: ENOSPC) }
        offset += written
    }
}

// The C functions under names of their own: the methods above share their names.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
