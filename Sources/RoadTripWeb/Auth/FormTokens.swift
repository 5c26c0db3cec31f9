import Crypto
import RoadTrip

/// The tokens RoadTrip's forms carry that are not simply the session's: the one a browser gets
/// before it signs in, and the one an upload form names in its address so that its body is
/// only stored for a signed-in person (the `csrf` field comes after the file, too late).
struct FormTokens: Sendable {
    let key: SigningKey

    private static let nonceLength = 16
    private static let tagLength = 16

    /// A pre-session token: a random part and the server's signature of it, 43 characters.
    /// Someone who can plant a cookie on the domain cannot make one the server will take.
    func issuePreSessionToken() -> String {
        let nonce = SecureRandom.bytes(Self.nonceLength)
        return Base64URL.encode(nonce + preSessionTag(nonce))
    }

    func isGenuinePreSessionToken(_ token: String) -> Bool {
        guard token.utf8.count == 43, let bytes = Base64URL.decode(token), bytes.count == Self.nonceLength + Self.tagLength else {
            return false
        }
        return constantTimeEquals(Array(bytes.suffix(Self.tagLength)), preSessionTag(Array(bytes.prefix(Self.nonceLength))))
    }

    /// The token an upload form sends in its address: derived from the session's form token
    /// and the server's key, so the address never shows the form token itself.
    func uploadToken(forFormToken formToken: String) -> String {
        Base64URL.encode(Array(key.tag(Array("upload:\(formToken)".utf8)).prefix(24)))
    }

    /// What names an account's kept pages on a device (the service worker's caches, its queued
    /// changes): the same for every session of the account, meaningless without the server's key.
    func keepKey(of account: AccountID) -> String {
        Base64URL.encode(Array(key.tag(Array("keep:\(account.rawValue)".utf8)).prefix(12)))
    }

    /// What names a share link's kept pages on a guest's device: a link is kept offline as an
    /// account's vacation is, under a key of its own.
    func keepKey(ofLink link: Int64) -> String {
        Base64URL.encode(Array(key.tag(Array("keep-link:\(link)".utf8)).prefix(12)))
    }

    private func preSessionTag(_ nonce: [UInt8]) -> [UInt8] {
        Array(key.tag(Array("pre-session:".utf8) + nonce).prefix(Self.tagLength))
    }
}
