import Crypto
import Foundation
import Testing

/// Known answers from FIPS 180-4's examples and NIST's test vectors: stored tokens, asset
/// fingerprints and photo identities are only as good as this digest.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownMessagesHashToTheirPublishedDigests(message: String, digest: String) {
        // MUT
        let hex = SHA256.hexDigest(Array(message.utf8))

        // validate
        #expect(hex == digest)
    }

    /// Lengths around the padding boundaries (55 fits the length in one block, 56 does not).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func messagesAroundBlockBoundariesHashCorrectly(length: Int, digest: String) {
        // MUT
        let hex = SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: length))

        // validate
        #expect(hex == digest)
    }

    @Test func oneMillionAsHashesToTheNISTDigest() {
        // MUT
        let hex = SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))

        // validate
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func theHashIsTheBytesOfTheHexDigest() {
        let message = (0..<4).flatMap { _ in (0...255).map(UInt8.init) }

        let digest = SHA256.hash(message)

        #expect(digest.count == 32)
        #expect(digest.map { String(format: "%02x", $0) }.joined() == "785b0751fc2c53dc14a4ce3d800e69ef9ce1009eb327ccf458afe09c242c26c9")
        #expect(SHA256.hexDigest(message[...]) == SHA256.hexDigest(message))
    }
}
