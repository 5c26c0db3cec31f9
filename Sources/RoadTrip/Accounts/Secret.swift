import Crypto

/// A random secret handed to a browser (session id, device id, setup token). Only its SHA-256
/// is stored, so a copy of the database does not let anyone in.
struct Secret {
    let token: String
    let hash: [UInt8]

    static func generate() -> Secret {
        let bytes = SecureRandom.bytes(32)  // 256 bits
        return Secret(token: Base64URL.encode(bytes), hash: SHA256.hash(bytes))
    }

    /// The stored hash for a token that came from a request; nil when it is not one of ours in form.
    static func hash(ofToken token: String) -> [UInt8]? {
        guard token.utf8.count == 43, let bytes = Base64URL.decode(token), bytes.count == 32 else { return nil }
        return SHA256.hash(bytes)
    }
}
