#if canImport(Glibc)
    import Glibc
#endif
import CZip

/// Zip files as a Takeout part or an attacker makes them, written with libzip.
public enum TestZip {
    public struct Entry {
        public let name: String
        public var bytes: [UInt8]
        /// Stored as it is, as Takeout stores photos; deflated otherwise.
        public var stored: Bool
        /// A Unix symbolic link to `bytes`.
        public var link: Bool
        /// Its time, in seconds since 1970; the time it is written without one.
        public var modified: Int?

        /// A file, or a folder when `name` ends in "/".
        public init(_ name: String, _ bytes: [UInt8] = [], stored: Bool = false, link: Bool = false, modified: Int? = nil) {
            self.name = name
            self.bytes = bytes
            self.stored = stored
            self.link = link
            self.modified = modified
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `entries` into a new zip file at `path`.
    public static func write(_ path: String, _ entries: [Entry]) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw Failure(description: "libzip cannot create \(path): \(code)")
        }
        for entry in entries {
            if entry.name.hasSuffix("/") {
                guard zip_dir_add(archive, entry.name, zip_flags_t(ZIP_FL_ENC_UTF_8)) >= 0 else {
                    throw Failure(description: "cannot add \(entry.name)")
                }
                continue
            }
            // libzip frees the copy once the archive is written.
            let copy = malloc(max(1, entry.bytes.count))!
            entry.bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: $0.count) } }
            guard let source = zip_source_buffer(archive, copy, zip_uint64_t(entry.bytes.count), 1) else {
                throw Failure(description: "cannot add \(entry.name)")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else { throw Failure(description: "cannot add \(entry.name)") }
            if entry.stored { zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0) }
            if let modified = entry.modified { zip_file_set_mtime(archive, zip_uint64_t(index), time_t(modified), 0) }
            if entry.link {
                zip_file_set_external_attributes(
                    archive, zip_uint64_t(index), 0, zip_uint8_t(ZIP_OPSYS_UNIX), zip_uint32_t(S_IFLNK | 0o777) << 16)
            }
        }
        guard zip_close(archive) == 0 else { throw Failure(description: "cannot write \(path)") }
    }
}
