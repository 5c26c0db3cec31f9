import Foundation
import Imaging
import PostgreSQL
import SQLDatabase
import SQLite
import Synchronization
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// `roadtrip backup` and `roadtrip restore` on each engine: a snapshot of a library being
/// written restores every write acknowledged before it began, the originals of an unchanged
/// library are hard-linked, retention keeps the newest, and an older schema's snapshot is
/// brought up to date.
@Suite(.onEachEngine) struct LibraryBackupTests {
    let fixture: PhotosFixture
    let backups: URL

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        backups = fixture.data.url.deletingLastPathComponent().appendingPathComponent("roadtrip-backups-\(UUID().uuidString)")
        ExitCleanup.add { [backups] in try? FileManager.default.removeItem(at: backups) }
    }

    func backup(keep: Int? = nil) throws -> BackupResult {
        var backup = LibraryBackup(folder: fixture.data.url, location: fixture.library.location, to: backups)
        backup.keep = keep
        backup.clock = fixture.clock.wallClock
        defer { fixture.clock.advance(by: .minute) }
        return try backup.run()
    }

    /// A new folder and, for PostgreSQL, a new empty database to restore into.
    func restoreTarget() throws -> (folder: URL, database: LibraryDatabase) {
        let folder = fixture.data.url.deletingLastPathComponent().appendingPathComponent("roadtrip-restored-\(UUID().uuidString)")
        ExitCleanup.add { try? FileManager.default.removeItem(at: folder) }
        return (folder, try .fresh(for: .current))
    }

    @Test func aBackupTakenWhileImportsAndVisitsStreamInRestoresEveryWriteAcknowledgedBeforeIt() throws {
        // setup: a vacation, and a thread importing photos and visiting each into it until told to stop
        let owner = try fixture.account("ann")
        let vacation = try fixture.vacations.create(named: "Lisbon", for: owner.id)
        let acknowledged = Mutex<[(photo: Int64, sha256: String)]>([])
        let stop = Atomic<Bool>(false)
        let errors = ThreadErrors()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [fixture] in
            defer { done.signal() }
            var number: UInt64 = 0
            while !stop.load(ordering: .relaxed) {
                number += 1
                do {
                    let path = try fixture.draw("stream-\(number).jpg", seed: 1000 + number, at: Spot.centralPark)
                    guard let photo = fixture.importPhoto(path).photo else { throw FixtureFailure(description: "photo \(number) refused") }
                    try fixture.vacations.visit(photo, into: vacation, for: owner.id, library: fixture.library)
                    acknowledged.withLock { $0.append((photo.id, photo.sha256)) }
                } catch {
                    errors.record(error)
                    return
                }
            }
        }
        #expect(eventually { acknowledged.withLock { $0.count } >= 3 }, "the writer acknowledged no writes")

        // MUT: the backup begins once these writes are acknowledged, while more stream in
        let before = acknowledged.withLock { $0 }
        let result = try backup()
        stop.store(true, ordering: .relaxed)
        done.wait()
        let target = try restoreTarget()
        let restored = try LibraryRestore(snapshot: result.snapshot, into: target.folder, database: target.database).run()

        // validate: every acknowledged photo and visit is there, the check is clean, every original matches its digest
        #expect(errors.all.isEmpty, "\(errors.all)")
        #expect(restored.check.problems.isEmpty, "\(restored.check.problems)")
        let library = try Library(folder: target.folder, database: target.database, readers: 1)
        for photo in before {
            #expect(
                try library.photos.photo(id: photo.photo)?.sha256 == photo.sha256,
                "photo \(photo.photo) acknowledged before the backup is missing")
            let visited: Int? = try library.database.fetchValue(
                "SELECT 1 FROM vacation_photos WHERE vacation_id = \(vacation) AND sha256 = \(photo.sha256)")
            #expect(visited == 1, "the visit of photo \(photo.photo) acknowledged before the backup is missing")
        }
        let withBytes = try library.check(hashes: true)
        #expect(withBytes.problems.isEmpty, "\(withBytes.problems)")
        #expect(withBytes.photos == result.files - 1, "every photo in the snapshot's database has its original, and only those are in it")
        #expect(try library.accounts.account(named: "ann") != nil)
    }

    @Test func aVideoALivePhotoAndAnEditedCopyAreBackedUpWithEveryFileAndRestoredWhole() throws {
        // setup: a video and its rendition; a Live Photo (its still and its movie, one item); an
        // edited copy and its original (one item)
        let video = try #require(fixture.importPhoto(try TestClips.h264()).photo)
        try fixture.library.runVideoJob(Job(id: 0, kind: .video, key: String(video.id), attempts: 1))
        let identifier = "6F2B7C1E-4A8D-4E55-9C3A-1D2E3F405162"
        _ = fixture.importPhoto(try fixture.draw("IMG_0042.JPG", appleMakerNote: TestClips.appleMakerNote(identifier)))
        let live = try #require(fixture.importPhoto(try TestClips.liveMovie("IMG_0042.MOV", identifier: identifier)).photo)
        let movie = try #require(try fixture.photos.video(of: live))
        let edit = fixture.photos.importEdited(
            (try fixture.draw("DSC_1-edited.jpg", seed: 5), "DSC_1-edited.jpg"),
            original: (try fixture.draw("DSC_1.jpg", seed: 6), "DSC_1.jpg"), by: nil, hints: nil, originalHints: nil)
        let edited = try #require(edit.edited.photo)
        let unedited = try #require(try fixture.photos.version(of: edited))

        // MUT
        let result = try backup()
        let target = try restoreTarget()
        let restored = try LibraryRestore(snapshot: result.snapshot, into: target.folder, database: target.database).run()

        // validate: the file as imported (its digest checked), its poster, no warning; the rendition only when asked for
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let paths = try SnapshotFolder.verify(result.snapshot).files.map(\.path)
        #expect(
            paths.contains("originals/\(video.sha256.prefix(2))/\(video.sha256).mp4")
                && paths.contains("originals/\(video.sha256.prefix(2))/\(video.sha256).jpg"))
        #expect(!paths.contains { $0.hasPrefix("cache/video/") })
        #expect(
            paths.contains("originals/\(live.sha256.prefix(2))/\(live.sha256).jpg")
                && paths.contains("originals/\(movie.sha256.prefix(2))/\(movie.sha256).mov"),
            "a Live Photo's still and its movie")
        #expect(
            paths.contains("originals/\(unedited.sha256.prefix(2))/\(unedited.sha256).jpg"), "the original kept beneath the edited copy")
        #expect(restored.check.problems.isEmpty, "\(restored.check.problems)")
        let library = try Library(folder: target.folder, database: target.database, readers: 1)
        #expect(try library.check(hashes: true).problems.isEmpty)
        #expect(try library.photos.photo(id: video.id)?.isVideo == true)
        let restoredLive = try #require(try library.photos.photo(id: live.id))
        #expect(try restoredLive.motion == .live && library.photos.video(of: restoredLive)?.sha256 == movie.sha256)
    }

    @Test func theSecondBackupOfAnUnchangedLibraryHardLinksEveryOriginal() throws {
        // setup
        for number in 1...4 { _ = fixture.importPhoto(try fixture.draw("p\(number).jpg", seed: UInt64(number))) }
        let first = try backup()

        // MUT
        let second = try backup()

        // validate: the same inode for every original, and only the database written again
        let manifest = try SnapshotFolder.verify(second.snapshot)
        let originals = manifest.files.filter { $0.path.hasPrefix("originals/") }
        #expect(originals.count == 4)
        #expect(second.linkedFiles == 4)
        #expect(second.copiedBytes == manifest.files.first { $0.path == manifest.databasePath }?.size)
        #expect(first.copiedBytes > second.copiedBytes + originals.reduce(0) { $0 + $1.size } - 1)
        for original in originals {
            var before = stat(), after = stat()
            #expect(
                stat(first.snapshot.path + "/" + original.path, &before) == 0
                    && stat(second.snapshot.path + "/" + original.path, &after) == 0)
            #expect(before.st_ino == after.st_ino, "\(original.path) was copied, not linked")
            #expect(after.st_nlink == 2)
        }
    }

    @Test func renditionsAreLeftOutUnlessAskedFor() throws {
        // setup: a photo with its thumbnail and preview made
        let photo = try #require(fixture.importPhoto(try fixture.draw("p.jpg")).photo)
        for rendition in [Rendition.thumbnail, .preview] { _ = try fixture.library.renditions.file(rendition, of: photo) }

        // MUT
        let without = try backup()
        var asked = LibraryBackup(folder: fixture.data.url, location: fixture.library.location, to: backups)
        asked.withRenditions = true
        asked.clock = fixture.clock.wallClock
        let with = try asked.run()

        // validate
        let plain = try SnapshotFolder.verify(without.snapshot).files.map(\.path)
        let full = try SnapshotFolder.verify(with.snapshot).files.map(\.path)
        #expect(!plain.contains { $0.hasPrefix("cache/") })
        let renditions: [String] = [
            "cache/preview/\(photo.sha256.prefix(2))/\(photo.sha256).jpg", "cache/thumbnail/\(photo.sha256.prefix(2))/\(photo.sha256).webp",
        ]
        #expect(full.filter { $0.hasPrefix("cache/") }.sorted() == renditions)
        #expect(try SnapshotFolder.verify(with.snapshot).withRenditions)
    }

    @Test func keepRemovesTheOldestCompleteSnapshotsOnlyOnceANewOneIsMade() throws {
        // setup
        _ = fixture.importPhoto(try fixture.draw("p.jpg"))
        let made = try (1...3).map { _ in try backup().name }

        // MUT
        let fourth = try backup(keep: 2)

        // validate
        #expect(SnapshotFolder(backups).snapshots() == [made[2], fourth.name])
        #expect(fourth.removed == [made[0], made[1]])
        #expect(fourth.kept == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: backups.path).filter { !$0.hasPrefix(".roadtrip") }.sorted()
        #expect(left == [made[2], fourth.name], "nothing but the kept snapshots: \(left)")
    }

    @Test func aSnapshotOfThePreviousSchemaRestoresIntoThisRoadTrip() throws {
        // setup: a data folder whose database has every migration but the last, as the previous RoadTrip left it
        let old = fixture.data.url.deletingLastPathComponent().appendingPathComponent("roadtrip-previous-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        ExitCleanup.add { try? FileManager.default.removeItem(at: old) }
        let location: LibraryDatabase = try .fresh(for: .current)
        let previous: any Database
        let migrations: [Migration]
        switch location {
        case .sqlite:
            migrations = Array(Schema.migrations.dropLast())
            previous = try SQLiteDatabase(path: old.appendingPathComponent("library.sqlite").path, migrations: migrations)
        case .postgreSQL(let address):
            migrations = Array(Schema.postgreSQLMigrations.dropLast())
            previous = try PostgreSQLDatabase(address: address, migrations: migrations)
        }
        try previous.write { db in
            try db.execute("INSERT INTO accounts (name, name_key, password_hash, is_owner, created_at) VALUES ('ann', 'ann', 'x', 1, 0)")
        }
        var backup = LibraryBackup(folder: old, location: location, to: backups)
        backup.clock = fixture.clock.wallClock
        let snapshot = try backup.run()

        // MUT
        let target = try restoreTarget()
        let restored = try LibraryRestore(snapshot: snapshot.snapshot, into: target.folder, database: target.database).run()

        // validate: made at the previous version, brought up to this one, the row kept
        #expect(restored.manifest.migrations == migrations.map(\.name).sorted())
        #expect(restored.upgrades == [try #require((location == .sqlite ? Schema.migrations : Schema.postgreSQLMigrations).last).name])
        #expect(restored.check.problems.isEmpty, "\(restored.check.problems)")
        let library = try Library(folder: target.folder, database: target.database, readers: 1)
        #expect(try library.accounts.account(named: "ann") != nil)
    }
}
