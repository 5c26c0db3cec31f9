internal import CLibCrypto

/// SHA-256, by OpenSSL's libcrypto (which uses the processor's SHA instructions: 1.8 GB/s here
/// against libsodium's 0.4, and every imported photo is hashed whole). Sessions, devices and
/// setup links are stored by the digest of their token; assets, saved event pages and photos are
/// named by the digest of their content or address.
public enum SHA256 {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let hasher = Hasher()
        Array(bytes).withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(hash(bytes))
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A digest computed piece by piece, for data read in chunks (`FileDigest`, a zip's member).
    public final class Hasher {
        private let context: OpaquePointer

        public init() {
            // Both fail only when memory runs out, which Swift treats as fatal everywhere else too.
            guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL cannot allocate a digest context") }
            guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { fatalError("OpenSSL cannot start SHA-256") }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else { fatalError("OpenSSL SHA-256 update failed") }
        }

        /// The 32 bytes of the digest; the hasher is spent.
        public func finish() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { fatalError("OpenSSL SHA-256 final failed") }
            return digest
        }
    }
}
