import Crypto
import Foundation
import Testing

@Suite struct FileDigestTests {
    @Test func knownAnswersForBytes() {
        #expect(FileDigest.sha256(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(FileDigest.sha256(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aFileLargerThanOneChunkHashesLikeItsBytes() throws {
        // setup: 600 KB spans three reads of the 256 KiB buffer
        let bytes = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = NSTemporaryDirectory() + "digest-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }

        // MUT
        let digest = try FileDigest.sha256(ofFileAt: path)

        // validate
        #expect(digest == FileDigest.sha256(of: bytes))
        #expect(digest.count == 64)
    }

    @Test func aMissingFileIsAnErrorThatSaysWhy() {
        #expect(throws: FileDigestError.self) { try FileDigest.sha256(ofFileAt: "/nonexistent/photo.jpg") }
        do {
            _ = try FileDigest.sha256(ofFileAt: "/nonexistent/photo.jpg")
        } catch {
            #expect(error.description.contains("No such file"))
        }
    }
}
