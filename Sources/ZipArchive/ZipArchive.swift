#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CZip
import SystemCalls

/// A zip file from outside (a Google Takeout part), read in place with libzip: its members are
/// listed and checked against `ZipLimits` before any is read, and each is streamed out with
/// its size counted as it is read. Nothing in a member's name ever becomes a path: a member is
/// written where the caller says.
///
/// Not safe to use from two threads at once (libzip's archive is not); an import reads one at a time.
public final class ZipArchive {
    private let archive: OpaquePointer
    /// The bytes an archive opened from memory reads (libzip keeps a pointer to them).
    private let buffer: UnsafeMutableRawBufferPointer?
    public let limits: ZipLimits
    /// The members that may be read, in the archive's order (directories left out).
    public private(set) var members: [ZipMember] = []
    /// The members that may not be read, with why: a name that climbs out, a link, a bomb, …
    public private(set) var refused: [(name: String, reason: String)] = []

    /// Opens the zip file at `path` and checks every member. Throws when the file is no zip, or
    /// the archive as a whole is over its limits (too many members, too much in all).
    public init(path: String, limits: ZipLimits = ZipLimits()) throws(ZipError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else { throw ZipError.notAZip(ZipArchive.describe(code)) }
        self.archive = archive
        self.buffer = nil
        self.limits = limits
        try check()  // throwing now, with every property set, still runs deinit: it closes the archive
    }

    /// An archive held in memory (a fuzzer's input).
    public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(buffer.baseAddress, zip_uint64_t(bytes.count), 0, &error) else {
            buffer.deallocate()
            throw ZipError.notAZip(String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            buffer.deallocate()
            throw ZipError.notAZip(String(cString: zip_error_strerror(&error)))
        }
        self.archive = archive
        self.buffer = buffer
        self.limits = limits
        try check()
    }

    deinit {
        zip_discard(archive)
        buffer?.deallocate()
    }

    /// Lists the members and sorts out those that may not be read; throws for the archive's own limits.
    private func check() throws(ZipError) {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw ZipError.notAZip("its directory cannot be read") }
        guard count <= Int64(limits.maxMembers) else {
            throw ZipError.overLimit("it has \(count) files; at most \(limits.maxMembers) are read")
        }
        var total: Int64 = 0
        for index in 0..<zip_uint64_t(count) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, 0, &stat) == 0, let cName = stat.name else {
                refused.append((name: "file \(index + 1)", reason: "its entry in the directory cannot be read"))
                continue
            }
            let name = String(decoding: UnsafeRawBufferPointer(start: cName, count: strlen(cName)), as: UTF8.self)
            if name.hasSuffix("/") { continue }  // a directory: nothing to read
            let member = ZipMember(
                index: Int(index), name: name, size: Int64(clamping: stat.size), compressedSize: Int64(clamping: stat.comp_size),
                modified: stat.valid & zip_uint64_t(ZIP_STAT_MTIME) != 0 ? Int64(stat.mtime) : nil)
            if let reason = reason(refusing: member, stat: stat) {
                refused.append((name: ZipArchive.shown(name), reason: reason))
                continue
            }
            total += member.size
            guard total <= limits.maxTotalSize else {
                throw ZipError.overLimit("its files hold more than \(ZipLimits.describe(limits.maxTotalSize)) in all")
            }
            members.append(member)
        }
    }

    /// Why a member may not be read, or nil.
    private func reason(refusing member: ZipMember, stat: zip_stat_t) -> String? {
        if let reason = ZipArchive.reason(refusingName: member.name, limits: limits) { return reason }
        var system: zip_uint8_t = 0
        var attributes: zip_uint32_t = 0
        if zip_file_get_external_attributes(archive, zip_uint64_t(member.index), 0, &system, &attributes) == 0,
            system == zip_uint8_t(ZIP_OPSYS_UNIX), (attributes >> 16) & UInt32(S_IFMT) == UInt32(S_IFLNK)
        {
            return "it is a link, and links are not followed"
        }
        if stat.valid & zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != UInt16(ZIP_EM_NONE) {
            return "it is encrypted"
        }
        if stat.valid & zip_uint64_t(ZIP_STAT_COMP_METHOD) != 0, zip_compression_method_supported(Int32(stat.comp_method), 0) == 0 {
            return "it is compressed in a way that cannot be read (method \(stat.comp_method))"
        }
        if member.size > limits.maxMemberSize {
            return
                "it says it holds \(ZipLimits.describe(member.size)), more than the \(ZipLimits.describe(limits.maxMemberSize)) a file may"
        }
        if member.size > limits.ratioFloor, member.size / max(1, member.compressedSize) > limits.maxRatio {
            return "it is a zip bomb: \(ZipLimits.describe(member.compressedSize)) that would grow to \(ZipLimits.describe(member.size))"
        }
        return nil
    }

    /// Why a member's name is refused, or nil: RoadTrip never writes a member under its own name,
    /// but a name that would climb out of a folder marks an archive made to do harm.
    public static func reason(refusingName name: String, limits: ZipLimits = ZipLimits()) -> String? {
        if name.utf8.count > limits.maxNameLength { return "its name is longer than \(limits.maxNameLength) bytes" }
        if name.isEmpty || name.utf8.contains(0) { return "it has no usable name" }
        let head = Array(name.utf8.prefix(2))
        let drive = head.count == 2 && head[1] == UInt8(ascii: ":") && (UInt8(ascii: "A")...UInt8(ascii: "z")).contains(head[0])
        if name.hasPrefix("/") || name.hasPrefix("\\") || drive {
            return "its name is an absolute path"
        }
        let parts = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if parts.contains("..") { return "its name climbs out of its folder (“..”)" }
        return nil
    }

    /// Streams a member to `write`, a piece at a time, counting what it holds against what it
    /// declared (and libzip checks its CRC at the end). Throws, having written only part, when
    /// the member is damaged or holds more than it said.
    public func read(_ member: ZipMember, into write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let file = zip_fopen_index(archive, zip_uint64_t(member.index), 0) else {
            throw ZipError.unreadable(member.name, String(cString: zip_error_strerror(zip_get_error(archive))))
        }
        defer { zip_fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var read: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
            if count < 0 { throw ZipError.unreadable(member.name, String(cString: zip_error_strerror(zip_file_get_error(file)))) }
            if count == 0 { break }
            read += count
            guard read <= member.size else {
                throw ZipError.unreadable(member.name, "it holds more than the \(member.size) bytes it declares")
            }
            try buffer.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[0..<Int(count)])) }
        }
        guard read == member.size else {
            throw ZipError.unreadable(member.name, "it holds \(read) of the \(member.size) bytes it declares")
        }
    }

    /// A small member whole (a sidecar), refused when it declares more than `limit` bytes.
    public func bytes(of member: ZipMember, limit: Int) throws -> [UInt8] {
        guard member.size <= Int64(limit) else {
            throw ZipError.overLimit(
                """
                \(ZipArchive.shown(member.name)) holds \(ZipLimits.describe(member.size)); at most \
                \(ZipLimits.describe(Int64(limit))) is read
                """
            )
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(member.size))
        try read(member) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes a member to a new file at `path` (the caller's name, never the member's).
    public func extract(_ member: ZipMember, to path: String) throws {
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        do {
            try read(member) { try file.writeAll($0) }
            try file.close()
        } catch {
            unlink(path)
            throw error
        }
    }

    /// A name as a message shows it: control characters made visible, at most 200 characters.
    public static func shown(_ name: String) -> String {
        let visible = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 200 ? String(visible.prefix(200)) + "…" : visible
    }

    private static func describe(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}

/// One file of an archive.
public struct ZipMember: Sendable, Equatable {
    /// Its place in the archive's directory.
    public let index: Int
    /// Its path inside the archive ("Takeout/Google Photos/Photos from 2019/IMG_1234.JPG").
    public let name: String
    /// What it declares it holds once decompressed, and compressed.
    public let size: Int64
    public let compressedSize: Int64
    /// Its time as the archive records it (seconds since 1970; a zip keeps local time).
    public let modified: Int64?

    /// The last part of its name.
    public var fileName: String { name.split(separator: "/").last.map(String.init) ?? name }
    /// Its folder inside the archive, without the trailing slash ("" at the top).
    public var folder: String { name.split(separator: "/").dropLast().joined(separator: "/") }
}

/// What an archive may hold, checked before anything is read.
public struct ZipLimits: Sendable {
    public var maxMembers = 500_000
    public var maxNameLength = 1024
    /// A member's declared size (the largest video a library takes).
    public var maxMemberSize: Int64 = 4 << 30
    /// All members together: a Takeout part is 2–50 GB.
    public var maxTotalSize: Int64 = 256 << 30
    /// A member larger than `ratioFloor` may grow at most this many times its compressed size
    /// (photos and videos hardly compress; a JSON sidecar ten times; a bomb a thousand).
    public var maxRatio: Int64 = 100
    public var ratioFloor: Int64 = 1 << 20

    public init() {}

    static func describe(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Why an archive, or one of its files, cannot be read.
public enum ZipError: Error, Equatable, CustomStringConvertible {
    case notAZip(String)
    case overLimit(String)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .notAZip(let why): "not a zip file that can be read: \(why)"
        case .overLimit(let why): why
        case .unreadable(let name, let why): "\(ZipArchive.shown(name)) cannot be read: \(why)"
        }
    }
}
