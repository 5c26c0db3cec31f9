internal import CSodium

/// A secret key that signs short messages (HMAC-SHA-512-256, libsodium's `crypto_auth`), so
/// that a value the server handed out can be told from one somebody made up.
public struct SigningKey: Sendable {
    /// 32 bytes.
    public let bytes: [UInt8]

    public static let length = 32

    public init?(bytes: [UInt8]) {
        guard bytes.count == SigningKey.length else { return nil }
        self.bytes = bytes
    }

    public static func generate() -> SigningKey {
        SigningKey(bytes: SecureRandom.bytes(length))!
    }

    /// The 32-byte tag of `message`.
    public func tag(_ message: [UInt8]) -> [UInt8] {
        Sodium.require()
        var tag = [UInt8](repeating: 0, count: Int(crypto_auth_BYTES))
        _ = crypto_auth(&tag, message, UInt64(message.count), bytes)
        return tag
    }
}
