import Foundation
import SQLDatabase
import SQLite
import Synchronization
import Testing
@testable import RoadTrip

/// `cache/exports`: one copy per version of a vacation, a HEAD's too, and a bounded folder.
extension VacationTransferTests {

    /// A vacation with one photo in it.
    private func vacation(_ name: String = "Lisbon", seed: UInt64 = 1) throws -> Int64 {
        let id = try store.create(named: name, for: ann.id)
        try visit(seed: seed, into: id)
        return id
    }

    private func visit(seed: UInt64, into id: Int64) throws {
        let path = try fixture.draw("p\(seed).jpg", width: 120, height: 90, seed: seed, at: (38.7139, -9.1394))
        let photo = try #require(fixture.importPhoto(path).photo)
        try store.visit(photo, into: id, for: ann.id, library: fixture.library)
    }

    private var copies: [String] { fixture.files(under: "cache/exports") }

    /// The size is known only once the document is built: a HEAD makes the copy of the current
    /// version, once however many come, and the GET then sends that very file.
    @Test func aHeadMakesTheCopyOfTheCurrentVersionOnceAndGivesItsExactSize() throws {
        // setup
        let id = try vacation()

        // MUT
        let heads = try (0..<8).map { _ in try store.exportHead(id, for: ann.id) }
        let madeByHeads = copies

        // validate
        let path = try store.export(id, for: ann.id)
        #expect(madeByHeads == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(copies == madeByHeads, "the GET sends the copy the HEAD made")
        #expect(heads.allSatisfy { $0 == VacationExportHead(name: "Lisbon", size: UInt64(DurableFile.size(of: path) ?? -1)) })
    }

    @Test func exportsOfAnUnchangedVacationShareOneCopy() throws {
        // setup
        let id = try vacation()

        // MUT
        let paths = try (0..<8).map { _ in try store.export(id, for: ann.id) }

        // validate
        #expect(Set(paths).count == 1)
        #expect(copies.count == 1)
    }

    @Test func manyExportsAtOnceMakeOneCopy() throws {
        // setup
        let id = try vacation()
        let made = Mutex<[(path: String, inode: UInt64)]>([])

        // MUT
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let path = try? store.export(id, for: ann.id) else { return }
            var info = stat()
            stat(path, &info)
            made.withLock { $0.append((path, UInt64(info.st_ino))) }
        }

        // validate: one file, never replaced by a second making
        let all = made.withLock { $0 }
        #expect(all.count == 8)
        #expect(Set(all.map(\.path)).count == 1)
        #expect(Set(all.map(\.inode)).count == 1)
        #expect(copies.count == 1)
    }

    @Test(arguments: ["visit", "unvisit", "rename"])
    func aChangeMakesANewCopyAndRemovesTheOld(change: String) throws {
        // setup
        let id = try vacation()
        if change == "unvisit" { try visit(seed: 2, into: id) }
        let first = try store.export(id, for: ann.id)

        // MUT
        switch change {
        case "visit": try visit(seed: 2, into: id)
        case "unvisit":
            try store.unvisit(
                sha256: try #require(try store.vacation(id, of: ann.id)?.contents.photos().last).sha256, from: id, for: ann.id)
        default: try store.rename(id, to: "Porto", for: ann.id)
        }
        let second = try store.export(id, for: ann.id)

        // validate
        #expect(second != first)
        #expect(!FileManager.default.fileExists(atPath: first))
        #expect(copies == [URL(fileURLWithPath: second).lastPathComponent])
        let copy = try SQLiteDatabase(path: second, readers: 1, journal: .rollback)
        let inside: (String?, Int?) = try copy.read { db in
            (try db.fetchValue("SELECT name FROM vacation"), try db.fetchValue("SELECT count(*) FROM photos"))
        }
        #expect(inside.0 == (change == "rename" ? "Porto" : "Lisbon"))
        #expect(inside.1 == (change == "visit" ? 2 : 1))
        #expect(try store.exportHead(id, for: ann.id).size == UInt64(DurableFile.size(of: second) ?? -1))
    }

    @Test func deletingAVacationRemovesItsCopy() throws {
        // setup
        let id = try vacation()
        let other = try vacation("Porto", seed: 2)
        _ = try store.export(id, for: ann.id)
        let kept = try store.export(other, for: ann.id)

        // MUT
        try store.delete(id, for: ann.id)

        // validate
        #expect(copies == [URL(fileURLWithPath: kept).lastPathComponent])
    }

    @Test func theFolderKeepsWithinItsLimitRemovingTheLeastRecentlyUsed() throws {
        // setup: room for two copies and a half
        let size = UInt64(try fixture.vacations.exportHead(try vacation("Size", seed: 9), for: ann.id).size)
        let sizes = try ["A", "B", "C"].map { try store.exportHead(try store.create(named: $0, for: ann.id), for: ann.id).size }
        #expect(Set(sizes).count == 1, "empty vacations are the same size")
        let bounded = try PhotosFixture(exportLimit: size * 5 / 2)
        let bob = try bounded.account("Bob")
        let ids = try ["A", "B", "C"].map { try bounded.vacations.create(named: $0, for: bob.id) }
        let a = try bounded.vacations.export(ids[0], for: bob.id)
        bounded.clock.advance(by: .minute)
        _ = try bounded.vacations.export(ids[1], for: bob.id)
        bounded.clock.advance(by: .minute)
        #expect(try bounded.vacations.export(ids[0], for: bob.id) == a, "A used again: B is now the least recent")
        bounded.clock.advance(by: .minute)

        // MUT
        let c = try bounded.vacations.export(ids[2], for: bob.id)

        // validate
        #expect(bounded.files(under: "cache/exports") == [a, c].map { URL(fileURLWithPath: $0).lastPathComponent }.sorted())
    }

    @Test func aCopyLargerThanTheWholeLimitIsStillMadeAndGoesWithTheNextExport() throws {
        // setup
        let bounded = try PhotosFixture(exportLimit: 1)
        let bob = try bounded.account("Bob")
        let first = try bounded.vacations.create(named: "A", for: bob.id)
        let second = try bounded.vacations.create(named: "B", for: bob.id)

        // MUT
        let a = try bounded.vacations.export(first, for: bob.id)
        let afterFirst = bounded.files(under: "cache/exports")
        let b = try bounded.vacations.export(second, for: bob.id)

        // validate
        #expect(afterFirst == [URL(fileURLWithPath: a).lastPathComponent])
        #expect(bounded.files(under: "cache/exports") == [URL(fileURLWithPath: b).lastPathComponent])
    }

    @Test func startUpRemovesCopiesOfVacationsThatAreGoneAndFilesItDoesNotName() throws {
        // setup
        let id = try vacation()
        let kept = try store.export(id, for: ann.id)
        let folder = fixture.data.url.appendingPathComponent("cache/exports")
        for name in ["99-5.vacation", "12345678901.vacation", ".incoming-old"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        let old = fixture.clock.now.addingTimeInterval(-2 * .hour)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(".incoming-old").path)
        try Data("x".utf8).write(to: folder.appendingPathComponent(".incoming-new"))
        let young = fixture.clock.now.addingTimeInterval(-10 * .minute)
        try FileManager.default.setAttributes([.modificationDate: young], ofItemAtPath: folder.appendingPathComponent(".incoming-new").path)

        // MUT
        try store.removeStrayFiles()

        // validate: a temporary file younger than an hour may be another process's copy being written
        #expect(copies == [".incoming-new", URL(fileURLWithPath: kept).lastPathComponent].sorted())
    }

    @Test func anImportRenamedBecauseTheNameWasTakenCarriesItsNewNameInItsExport() throws {
        // setup
        let id = try vacation()
        let file = fixture.source.appendingPathComponent("lisbon.vacation").path
        try FileManager.default.copyItem(atPath: try store.export(id, for: ann.id), toPath: file)

        // MUT
        let imported = try store.importDocument(at: file, for: ann.id)

        // validate
        let export = try store.export(imported.id, for: ann.id)
        let name: String? = try SQLiteDatabase(path: export, readers: 1, journal: .rollback).read { db in
            try db.fetchValue("SELECT name FROM vacation")
        }
        #expect(name == "Lisbon (2)")
        #expect(try store.exportHead(imported.id, for: ann.id).name == "Lisbon (2)")
    }

    @Test func startUpRemovesPrivateCopiesOfImportsThatNeverFinishedButNotYoungOnes() throws {
        // setup: what a crash in the middle of two imports left, one long ago, one just now
        let folder = fixture.data.url.appendingPathComponent("cache/imports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in [".incoming-1.vacation", ".incoming-1.vacation-journal", ".template-2.vacation", ".incoming-3.vacation"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            let age: TimeInterval = name.hasPrefix(".incoming-3") ? -5 * .minute : -2 * .hour
            try FileManager.default.setAttributes(
                [.modificationDate: fixture.clock.now.addingTimeInterval(age)],
                ofItemAtPath: folder.appendingPathComponent(name).path)
        }

        // MUT
        try store.removeStrayFiles()

        // validate: the young one may be another process's import being checked
        #expect(fixture.files(under: "cache/imports") == [".incoming-3.vacation"])
    }
}
