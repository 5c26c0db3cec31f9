#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TestSupport
import ZipArchive

/// Zip files as a Takeout part or an attacker makes them, written by the test with libzip.
@Suite struct ZipArchiveTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "zip-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    typealias Entry = TestZip.Entry

    /// A zip of `entries` in the test's folder.
    private func zip(_ name: String, _ entries: [Entry]) throws -> String {
        let path = "\(folder)/\(name)"
        try TestZip.write(path, entries)
        return path
    }

    private func extracted(_ archive: ZipArchive, _ member: ZipMember) throws -> [UInt8] {
        let path = "\(folder)/out-\(UUID().uuidString)"
        try archive.extract(member, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func itsFilesAreListedWithTheirFoldersAndStreamedOutByteForByte() throws {
        // setup: a photo (stored, as Takeout stores them), its sidecar (deflated), a folder entry
        let photo = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let sidecar = Array(#"{"title": "IMG_1234.JPG", "photoTakenTime": {"timestamp": "1560000000"}}"#.utf8)
        let path = try zip(
            "takeout-1.zip",
            [
                Entry("Takeout/Google Photos/Photos from 2019/"),
                Entry("Takeout/Google Photos/Photos from 2019/IMG_1234.JPG", photo, stored: true),
                Entry("Takeout/Google Photos/Photos from 2019/IMG_1234.JPG.json", sidecar),
            ])

        // MUT
        let archive = try ZipArchive(path: path)

        // validate
        #expect(archive.members.map(\.fileName) == ["IMG_1234.JPG", "IMG_1234.JPG.json"])
        #expect(archive.members.map(\.folder) == ["Takeout/Google Photos/Photos from 2019", "Takeout/Google Photos/Photos from 2019"])
        #expect(archive.members.map(\.size) == [300_000, Int64(sidecar.count)])
        #expect(archive.refused.isEmpty)
        #expect(try extracted(archive, archive.members[0]) == photo)
        #expect(try archive.bytes(of: archive.members[1], limit: 1024) == sidecar)
    }

    @Test func namesThatClimbOutOrStartAtTheRootAndLinksAreRefusedAndTheRestIsRead() throws {
        // setup
        let path = try zip(
            "evil.zip",
            [
                Entry("../x", [1]), Entry("a/../../b", [2]), Entry("/etc/cron.d/x", [3]),
                Entry("C:\\Windows\\x", [4]), Entry("photo.jpg", Array("/etc/passwd".utf8), link: true),
                Entry("good.jpg", [5]),
            ])

        // MUT
        let archive = try ZipArchive(path: path)

        // validate
        #expect(archive.members.map(\.name) == ["good.jpg"])
        #expect(archive.refused.map(\.name) == ["../x", "a/../../b", "/etc/cron.d/x", "C:\\Windows\\x", "photo.jpg"])
        #expect(
            archive.refused.map(\.reason) == [
                "its name climbs out of its folder (“..”)", "its name climbs out of its folder (“..”)",
                "its name is an absolute path", "its name is an absolute path", "it is a link, and links are not followed",
            ])
    }

    @Test func aZipBombIsRefusedWithTheReasonBeforeAnyOfItIsRead() throws {
        // setup: 32 MiB of zeros deflate to about 32 KiB
        let path = try zip("bomb.zip", [Entry("bomb.jpg", [UInt8](repeating: 0, count: 32 << 20)), Entry("fine.json", Array("{}".utf8))])

        // MUT
        let archive = try ZipArchive(path: path)

        // validate
        #expect(archive.members.map(\.name) == ["fine.json"])
        let (name, reason) = try #require(archive.refused.first)
        #expect(
            name == "bomb.jpg" && reason.hasPrefix("it is a zip bomb: ") && reason.hasSuffix(" KiB that would grow to 32 MiB"), "\(reason)")
    }

    @Test func anArchiveOverItsLimitsIsRefusedWhole() throws {
        // setup
        let path = try zip("three.zip", (1...3).map { Entry("\($0).jpg", [UInt8](repeating: UInt8($0), count: 1000), stored: true) })
        var fewer = ZipLimits(), smaller = ZipLimits(), tighter = ZipLimits()
        fewer.maxMembers = 2
        smaller.maxTotalSize = 2500
        tighter.maxMemberSize = 999

        // MUT / validate
        #expect(throws: ZipError.overLimit("it has 3 files; at most 2 are read")) { try ZipArchive(path: path, limits: fewer) }
        #expect(throws: ZipError.overLimit("its files hold more than 2 KiB in all")) { try ZipArchive(path: path, limits: smaller) }
        let archive = try ZipArchive(path: path, limits: tighter)
        #expect(
            archive.members.isEmpty
                && archive.refused.map(\.reason).allSatisfy { $0 == "it says it holds 1000 bytes, more than the 999 bytes a file may" })
        #expect(throws: ZipError.self) { try ZipArchive(path: path).bytes(of: try ZipArchive(path: path).members[0], limit: 999) }
    }

    @Test func aFileThatIsNoZipOrADamagedMemberIsRefusedAndNothingIsLeftHalfWritten() throws {
        // setup: a text file named .zip; a stored member whose bytes were changed after it was written
        let text = "\(folder)/notes.zip"
        try Data("not a zip at all".utf8).write(to: URL(fileURLWithPath: text))
        let content = Array("A member whose CRC will no longer match its bytes.".utf8)
        let path = try zip("damaged.zip", [Entry("a.jpg", content, stored: true)])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let at = try #require((0...(bytes.count - content.count)).first { Array(bytes[$0..<($0 + content.count)]) == content })
        bytes[at + 5] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let out = "\(folder)/out.jpg"

        // MUT / validate
        #expect(throws: ZipError.self) { try ZipArchive(path: text) }
        let archive = try ZipArchive(path: path)
        #expect(throws: ZipError.unreadable("a.jpg", "CRC error")) { try archive.extract(archive.members[0], to: out) }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anArchiveInMemoryReadsAsOneOnDisk() throws {
        let path = try zip("small.zip", [Entry("x/y.json", Array("[1]".utf8))])
        let archive = try ZipArchive(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try archive.bytes(of: try #require(archive.members.first), limit: 10) == Array("[1]".utf8))
        #expect(throws: ZipError.self) { try ZipArchive(bytes: [0x50, 0x4B, 0x03, 0x04]) }
    }
}
