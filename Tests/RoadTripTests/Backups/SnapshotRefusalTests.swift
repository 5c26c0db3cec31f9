import Foundation
import TestSupport
import Testing
@testable import RoadTrip

/// A damaged snapshot is refused by `--verify` and by `restore`, naming each file that does
/// not match, and nothing is written; a restore never writes over a library; a manifest that
/// names a file outside its snapshot is refused. Engine-independent: SQLite only.
@Suite struct SnapshotRefusalTests {
    let fixture: PhotosFixture
    let scratch: TemporaryFolder
    let snapshot: URL
    let manifest: SnapshotManifest

    init() throws {
        fixture = try PhotosFixture()
        scratch = try TemporaryFolder("roadtrip-snapshot-refusals")
        for number in 1...2 { _ = fixture.importPhoto(try fixture.draw("p\(number).jpg", seed: UInt64(number))) }
        snapshot = try LibraryBackup(folder: fixture.data.url, location: .sqlite, to: scratch.url.appendingPathComponent("backups")).run()
            .snapshot
        manifest = try SnapshotFolder.verify(snapshot)
    }

    enum Damage: String, CaseIterable {
        case oneByteOfAnOriginalFlipped, truncatedDatabase, missingOriginal, fileNotInTheManifest
    }

    /// Damages the snapshot; the file named and what the refusal says of it.
    func damage(_ damage: Damage) throws -> String {
        let original = try #require(manifest.files.first { $0.path.hasPrefix("originals/") })
        switch damage {
        case .oneByteOfAnOriginalFlipped:
            let handle = try FileHandle(forUpdating: snapshot.appendingPathComponent(original.path))
            try handle.seek(toOffset: UInt64(original.size / 2))
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            try handle.seek(toOffset: UInt64(original.size / 2))
            try handle.write(contentsOf: [byte ^ 0x01])
            try handle.close()
            return "\(original.path): its bytes differ from the manifest's SHA-256"
        case .truncatedDatabase:
            let database = try #require(manifest.files.first { $0.path == "library.sqlite" })
            #expect(truncate(snapshot.appendingPathComponent("library.sqlite").path, off_t(database.size / 2)) == 0)
            return "library.sqlite: \(database.size / 2) bytes where the manifest says \(database.size)"
        case .missingOriginal:
            try FileManager.default.removeItem(at: snapshot.appendingPathComponent(original.path))
            return "\(original.path): missing"
        case .fileNotInTheManifest:
            try Data("x".utf8).write(to: snapshot.appendingPathComponent("originals/stray.jpeg"))
            return "originals/stray.jpeg: not in the manifest"
        }
    }

    @Test(arguments: Damage.allCases)
    func aDamagedSnapshotIsRefusedNamingTheFileAndNothingIsWritten(_ kind: Damage) throws {
        // setup: one target folder not there yet, one there and empty
        let named = try damage(kind)
        let newFolder = scratch.url.appendingPathComponent("restored")
        let emptyFolder = scratch.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: false)

        // MUT
        let verified = Result { try SnapshotFolder.verify(snapshot) }
        let intoNew = Result { try LibraryRestore(snapshot: snapshot, into: newFolder, database: .sqlite).run() }
        let intoEmpty = Result { try LibraryRestore(snapshot: snapshot, into: emptyFolder, database: .sqlite).run() }

        // validate
        for outcome in [verified.map { _ in () }, intoNew.map { _ in () }, intoEmpty.map { _ in () }] {
            guard case .failure(let error as BackupError) = outcome else {
                Issue.record("the damaged snapshot was accepted: \(outcome)")
                continue
            }
            #expect(error.damaged == [named])
            #expect(error.description.contains("is damaged: 1 file does not match its manifest"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: newFolder.path), "a refused restore made its folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: emptyFolder.path).isEmpty, "a refused restore wrote into the folder")
    }

    @Test func aRestoreNeverWritesOverAFolderThatHoldsSomething() throws {
        // MUT
        let refused = Result { try LibraryRestore(snapshot: snapshot, into: fixture.data.url, database: .sqlite).run() }

        // validate: refused before anything is written, the library as it was
        guard case .failure(let error) = refused else {
            Issue.record("restored over a library")
            return
        }
        #expect("\(error)".contains("is not empty: restore writes into an empty folder only, never over a library"), "\(error)")
        #expect(try fixture.library.check(hashes: true).problems.isEmpty)
        #expect(try SnapshotFolder.verify(snapshot) == manifest)
    }

    @Test(arguments: ["../../escaped.jpeg", "/etc/passwd", "originals/./x", ""])
    func aManifestNamingAFileOutsideItsSnapshotIsRefused(_ path: String) throws {
        // setup: the manifest rewritten with the file's path changed
        var hostile = manifest
        let first = hostile.files[0]
        hostile.files[0] = SnapshotManifest.File(path: path, size: first.size, sha256: first.sha256)
        try Data(try hostile.encoded()).write(to: snapshot.appendingPathComponent(SnapshotManifest.fileName))

        // MUT
        let verified = Result { try SnapshotFolder.verify(snapshot) }

        // validate
        guard case .failure(let error) = verified else {
            Issue.record("a manifest naming \(path.debugDescription) was accepted")
            return
        }
        #expect("\(error)".contains("names a file outside it"), "\(error)")
    }

    @Test func aBackupFolderThatCannotBeWrittenIsRefusedWithTheReason() throws {
        // setup: a plain file where the folder would be made (even root cannot make a folder there)
        let file = scratch.url.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)

        // MUT
        let refused = Result {
            try LibraryBackup(folder: fixture.data.url, location: .sqlite, to: file.appendingPathComponent("backups")).run()
        }

        // validate
        guard case .failure(let error) = refused else {
            Issue.record("backed up under a file")
            return
        }
        #expect("\(error)".contains("cannot use \(file.path)/backups as the backup folder"), "\(error)")
        #expect("\(error)".contains("Not a directory"), "\(error)")
    }

    /// Flips a byte in the middle of a file, keeping its size.
    private func flipAByte(of path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let middle = try handle.seekToEnd() / 2
        try handle.seek(toOffset: middle)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: middle)
        try handle.write(contentsOf: [byte ^ 0x01])
        try handle.close()
    }

    @Test func aLinkNamedLikeANewerSnapshotIsNotTheSourceOfLinkedOriginals() throws {
        // setup: a copy of the snapshot elsewhere, its originals changed (same sizes), linked into the backup folder under a later name
        let backups = snapshot.deletingLastPathComponent()
        let elsewhere = scratch.url.appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: snapshot, to: elsewhere)
        for original in manifest.files where original.path.hasPrefix("originals/") {
            try flipAByte(of: elsewhere.path + "/" + original.path)
        }
        try FileManager.default.createSymbolicLink(atPath: backups.path + "/9999-12-31T235959Z", withDestinationPath: elsewhere.path)

        // MUT
        let made = try LibraryBackup(folder: fixture.data.url, location: .sqlite, to: backups).run()

        // validate: the real snapshot was the source; the new one verifies
        #expect(SnapshotFolder(backups).snapshots() == [snapshot.lastPathComponent, made.name])
        let verified = try SnapshotFolder.verify(made.snapshot)
        for original in verified.files where original.path.hasPrefix("originals/") {
            var linked = stat(), real = stat()
            #expect(stat(made.snapshot.path + "/" + original.path, &linked) == 0 && stat(snapshot.path + "/" + original.path, &real) == 0)
            #expect(linked.st_ino == real.st_ino, "\(original.path) was not linked from the real snapshot")
        }
        #expect(made.linkedFiles == 2)
    }

    @Test func anOriginalChangedInThePreviousSnapshotIsCopiedAfreshNotLinked() throws {
        // setup: one original of the snapshot changed in place, its size kept
        let originals = manifest.files.filter { $0.path.hasPrefix("originals/") }.sorted { $0.path < $1.path }
        try flipAByte(of: snapshot.path + "/" + originals[0].path)

        // MUT
        let made = try LibraryBackup(folder: fixture.data.url, location: .sqlite, to: snapshot.deletingLastPathComponent()).run()

        // validate: the changed one copied from the library, the other linked; the new snapshot verifies
        let verified = try SnapshotFolder.verify(made.snapshot)
        #expect(verified.files.filter { $0.path.hasPrefix("originals/") }.map(\.sha256).sorted() == originals.map(\.sha256).sorted())
        #expect(made.linkedFiles == 1)
        var copied = stat(), changed = stat()
        #expect(
            stat(made.snapshot.path + "/" + originals[0].path, &copied) == 0 && stat(snapshot.path + "/" + originals[0].path, &changed) == 0
        )
        #expect(copied.st_ino != changed.st_ino)
    }
}
