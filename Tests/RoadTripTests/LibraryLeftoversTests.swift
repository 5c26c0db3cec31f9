import Foundation
import Testing
@testable import RoadTrip

/// What an instance killed mid-write leaves under temporary names is removed at the next start,
/// once it has lain untouched for an hour; another instance's work in progress and every file
/// under its final name stay.
@Suite struct LibraryLeftoversTests {
    let data = FreshDataFolder()
    let digest = String(repeating: "ab", count: 32)

    private func write(_ path: String, hoursAgo: Double?) throws {
        let url = data.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("bytes".utf8).write(to: url)
        if let hoursAgo { try age(path, hoursAgo: hoursAgo) }
    }

    private func age(_ path: String, hoursAgo: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-hoursAgo * 3600)],
            ofItemAtPath: data.url.appendingPathComponent(path).path)
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: data.url.appendingPathComponent(path).path)
    }

    @Test func abandonedTemporaryFilesAreRemovedAndEverythingElseStays() throws {
        // setup
        let library = try data.library()
        let abandoned = [
            "cache/incoming/upload-0123456789abcdef0123456789abcdef",
            "originals/ab/.incoming-1234567890",
            "originals/.staged.7f3k2q.tmp",  // an import's copy, killed before it had its digest
            "cache/preview/ab/.\(digest).jpg.k3j2.tmp",
            "cache/thumbnail/ab/.\(digest).webp.q9x.tmp",
        ]
        for path in abandoned { try write(path, hoursAgo: 2) }
        try write("cache/uploads/Q2xvc2Vk/part-0001", hoursAgo: 2)
        try age("cache/uploads/Q2xvc2Vk", hoursAgo: 2)
        let kept = [
            "cache/incoming/upload-fedcba9876543210fedcba9876543210",  // another instance's, arriving now
            "originals/ab/\(digest).jpg", "cache/preview/ab/\(digest).jpg", "cache/thumbnail/ab/\(digest).webp",
            "cache/incoming/notes.txt",
            "originals/.staged.busy01.tmp",  // an import copying now
        ]
        try write(kept[0], hoursAgo: nil)
        try write(kept[kept.count - 1], hoursAgo: nil)
        for path in kept.dropFirst().dropLast() { try write(path, hoursAgo: 5) }

        // MUT
        let removed = library.removeAbandonedFiles()

        // validate
        #expect(removed == abandoned.count + 1)
        for path in abandoned + ["cache/uploads/Q2xvc2Vk"] { #expect(!exists(path), "\(path) was abandoned") }
        for path in kept { #expect(exists(path), "\(path) stays") }
    }

    @Test func anImportScreensPartLeftForAWeekGoesAndAYoungerOneStays() throws {
        // setup: a Takeout part whose upload broke eight days ago, and one that broke yesterday
        let library = try data.library()
        try write("imports/.incoming/1000/takeout-001.zip", hoursAgo: 8 * 24)
        try write("imports/.incoming/2000/takeout-002.zip", hoursAgo: 24)
        try write("imports/takeout-000.zip", hoursAgo: 30 * 24)

        // MUT
        let removed = library.removeAbandonedFiles()

        // validate: the old part and its empty size folder go; the younger part and a whole upload stay
        #expect(removed == 1)
        #expect(!exists("imports/.incoming/1000/takeout-001.zip") && !exists("imports/.incoming/1000"))
        #expect(exists("imports/.incoming/2000/takeout-002.zip") && exists("imports/takeout-000.zip"))
    }

    @Test func anUploadFolderStillBeingWrittenStays() throws {
        // setup
        let library = try data.library()
        try write("cache/uploads/TGl2ZQ/part-0001", hoursAgo: 3)
        try write("cache/uploads/TGl2ZQ/part-0002", hoursAgo: nil)
        try age("cache/uploads/TGl2ZQ", hoursAgo: 3)

        // MUT
        let removed = library.removeAbandonedFiles()

        // validate
        #expect(removed == 0)
        #expect(exists("cache/uploads/TGl2ZQ/part-0001") && exists("cache/uploads/TGl2ZQ/part-0002"))
    }

    @Test func temporaryNamesAreTheWritersOwn() {
        #expect(Library.isTemporary(".incoming-123"))
        #expect(Library.isTemporary(".\(digest).jpg.abc.tmp"))
        #expect(!Library.isTemporary("\(digest).jpg"))
        #expect(!Library.isTemporary("\(digest).tmp"), "a final name is never one of the writers' temporary ones")
    }
}
