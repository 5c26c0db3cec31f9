import Compression
import Testing

@Suite struct ContentCodingTests {
    /// Text like an asset's: repetitive, so it compresses well.
    private static let text = Array(String(repeating: ".book-page { transform: rotateY(0deg); }\n", count: 2_000).utf8)

    @Test(arguments: [ContentCoding.brotli, .gzip])
    func textComesBackTheSameAndSmaller(coding: ContentCoding) throws {
        // MUT
        let encoded = coding.encode(Self.text)

        // validate
        #expect(encoded.count < Self.text.count / 20, "\(coding): \(encoded.count) of \(Self.text.count) bytes")
        #expect(coding.decode(encoded) == Self.text)
    }

    @Test(arguments: [ContentCoding.brotli, .gzip])
    func emptyAndIncompressibleInputsComeBackTheSame(coding: ContentCoding) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<50_000).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(coding.decode(coding.encode([])) == [])
        #expect(coding.decode(coding.encode(noise)) == noise)
    }

    @Test func gzipIsAGzipMember() {
        let encoded = ContentCoding.gzip.encode(Self.text)
        // RFC 1952: ID1 ID2, CM 8 (deflate).
        #expect(Array(encoded.prefix(3)) == [0x1F, 0x8B, 0x08])
    }

    @Test(arguments: [ContentCoding.brotli, .gzip])
    func aDamagedOrCutStreamIsNotDecoded(coding: ContentCoding) {
        let encoded = coding.encode(Self.text)
        #expect(coding.decode(Array(encoded.prefix(encoded.count / 2))) == nil, "cut in half")
        #expect(coding.decode(Array(repeating: 0xFF, count: 64)) == nil, "not a stream of it")
        #expect(coding.decode(encoded + [0x00, 0x01]) == nil, "bytes after the end")
    }

    @Test(arguments: [ContentCoding.brotli, .gzip, .identity])
    func decodingStopsAtTheLimit(coding: ContentCoding) {
        // 84 KB of text; compressed, a few hundred bytes: a small bomb.
        let encoded = coding.encode(Self.text)

        // validate
        #expect(coding.decode(encoded, limit: Self.text.count) == Self.text, "exactly at the limit")
        #expect(coding.decode(encoded, limit: Self.text.count - 1) == nil, "one byte over")
        #expect(coding.decode(encoded, limit: 1_000) == nil, "far over")
    }

    @Test func identityIsTheBytesThemselves() {
        #expect(ContentCoding.identity.encode(Self.text) == Self.text)
        #expect(ContentCoding.identity.decode(Self.text) == Self.text)
    }
}
