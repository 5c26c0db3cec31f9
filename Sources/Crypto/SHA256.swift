internal import CSodium

/// SHA-256, by libsodium. Sessions, devices and setup links are stored by the digest of their
/// token; assets and saved event pages are named by the digest of their content or address.
/// (`FileDigest` hashes a file as it reads it.)
public enum SHA256 {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        Sodium.require()
        let message = Array(bytes)
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256(&digest, message, UInt64(message.count))
        return digest
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(hash(bytes))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
