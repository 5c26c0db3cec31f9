import Foundation
import SystemCalls
internal import CSodium

/// Why a file could not be hashed.
public struct FileDigestError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// SHA-256 of a file's content, read in fixed-size chunks so that a photo of any size is
/// hashed in constant memory. Photos are stored and told apart by this digest.
public enum FileDigest {
    /// The digest as 64 lowercase hexadecimal digits.
    public static func sha256(ofFileAt path: String) throws(FileDigestError) -> String {
        Sodium.require()
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            var state = crypto_hash_sha256_state()
            crypto_hash_sha256_init(&state)
            var buffer = [UInt8](repeating: 0, count: 1 << 18)
            while true {
                let count = try file.read(into: &buffer)
                if count == 0 { break }
                buffer.withUnsafeBytes { _ = crypto_hash_sha256_update(&state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(count)) }
            }
            var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
            crypto_hash_sha256_final(&state, &digest)
            return SHA256.hex(digest)
        } catch {
            throw FileDigestError(description: "cannot read the file: \(error.message)")
        }
    }

    public static func sha256(of bytes: [UInt8]) -> String {
        SHA256.hexDigest(bytes)
    }
}
