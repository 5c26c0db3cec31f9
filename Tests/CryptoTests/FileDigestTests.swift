import Crypto
import Foundation
import SystemCalls
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

    @Test func hashingWhileCopyingGivesTheSameDigestAndAWholeCopy() throws {
        // setup: 700 KB, three chunks and a part
        let bytes = (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let source = NSTemporaryDirectory() + "digest-\(UUID().uuidString)"
        let copy = source + ".copy"
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        defer { unlink(source); unlink(copy) }
        let output = try FileDescriptor.open(copy, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)

        // MUT
        let digest = try FileDigest.sha256(ofFileAt: source, copyingInto: output)

        // validate
        try output.close()
        #expect(digest == FileDigest.sha256(of: bytes))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(bytes))
    }

    @Test func aCopyThatCannotBeWrittenIsAnErrorThatSaysSo() throws {
        let source = NSTemporaryDirectory() + "digest-\(UUID().uuidString)"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: source))
        defer { unlink(source) }
        let readOnly = try FileDescriptor.open(source, flags: O_RDONLY)
        let error = #expect(throws: FileDigestError.self) { try FileDigest.sha256(ofFileAt: source, copyingInto: readOnly) }
        #expect(error?.description.hasPrefix("cannot write its copy:") == true, "\(String(describing: error))")
    }
}
