import Foundation
import SystemCalls

/// Why a file could not be hashed.
public struct FileDigestError: Error, Sendable, CustomStringConvertible {
    public let description: String

    static func reading(_ error: SystemError) -> FileDigestError {
        FileDigestError(description: "cannot read the file: \(error.message)")
    }
}

/// SHA-256 of a file's content, read in fixed-size chunks so that a photo of any size is
/// hashed in constant memory. Photos are stored and told apart by this digest.
public enum FileDigest {
    /// The digest as 64 lowercase hexadecimal digits.
    public static func sha256(ofFileAt path: String) throws(FileDigestError) -> String {
        try sha256(ofFileAt: path, copyingInto: nil)
    }

    /// The digest of the file at `path`, written to `copy` as it is read: a file that is both
    /// stored and named by its digest (a photo's original) is read once.
    public static func sha256(ofFileAt path: String, copyingInto copy: FileDescriptor?) throws(FileDigestError) -> String {
        let file: FileDescriptor
        do throws(SystemError) { file = try FileDescriptor.open(path, flags: O_RDONLY) } catch { throw .reading(error) }
        let hasher = SHA256.Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let count: Int
            do throws(SystemError) { count = try file.read(into: &buffer) } catch { throw .reading(error) }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            do throws(SystemError) { try copy?.writeAll(buffer[0..<count]) } catch {
                throw FileDigestError(description: "cannot write its copy: \(error.message)")
            }
        }
        return SHA256.hex(hasher.finish())
    }

    public static func sha256(of bytes: [UInt8]) -> String {
        SHA256.hexDigest(bytes)
    }
}
