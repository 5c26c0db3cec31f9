internal import CSodium

/// Unpredictable bytes from the operating system, through libsodium.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        Sodium.require()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }

    /// `count` random bytes as URL-safe base64 without padding (43 characters for 32 bytes).
    public static func token(bytes count: Int = 32) -> String {
        Base64URL.encode(bytes(count))
    }
}

/// URL- and cookie-safe base64 (RFC 4648 §5) without padding.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Nil for anything that is not canonical unpadded base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (18 - 6 * UInt32($1.offset)) }
            for position in 0..<(chunk.count - 1) {
                output.append(UInt8(truncatingIfNeeded: value >> (16 - 8 * UInt32(position))))
            }
            index += 4
        }
        return encode(output) == text ? output : nil
    }
}

/// Compares secrets in time that does not depend on where they differ.
public func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    Sodium.require()
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { left in b.withUnsafeBytes { right in sodium_memcmp(left.baseAddress!, right.baseAddress!, a.count) == 0 } }
}
