import Foundation
import PostgreSQL
import SQLDatabase
import SystemCalls

/// What a restore made.
public struct RestoreResult: Sendable {
    public let manifest: SnapshotManifest
    /// Migrations the snapshot's database had not had, applied as it was opened here.
    public let upgrades: [String]
    /// `roadtrip check` of the restored library.
    public let check: LibraryCheckReport
}

/// `roadtrip restore SNAPSHOT --data NEWDIR [--database URL]`: checks every file of the
/// snapshot against its manifest first and refuses a damaged one, naming each file that does
/// not match; then writes into an empty folder (and an empty PostgreSQL database) only, never
/// over a library; opens what it wrote, which brings an older RoadTrip's schema up to date;
/// and ends with `roadtrip check`'s verdict on it.
///
/// A SQLite snapshot restores into a folder, or with `--database` into PostgreSQL (as
/// `roadtrip migrate` moves one); a PostgreSQL snapshot into PostgreSQL only.
public struct LibraryRestore: Sendable {
    public let snapshot: URL
    public let folder: URL
    public let location: LibraryDatabase

    public init(snapshot: URL, into folder: URL, database location: LibraryDatabase) {
        self.snapshot = snapshot
        self.folder = folder
        self.location = location
    }

    public func run(progress: (BackupProgress) -> Void = { _ in }) throws(BackupError) -> RestoreResult {
        let started = ContinuousClock.now
        let manifest = try SnapshotFolder.verify(snapshot) { read in
            progress(BackupProgress(files: 0, totalFiles: 0, bytes: read, totalBytes: 0, started: started))
        }
        let known = manifest.engine == .sqlite ? Schema.migrations.map(\.name) : Schema.postgreSQLMigrations.map(\.name)
        let unknown = manifest.migrations.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw BackupError(
                """
                the snapshot was made by a newer RoadTrip (\(manifest.roadTrip); its database has \
                \(unknown.joined(separator: ", "))): restore it with that version or a later one
                """
            )
        }
        if manifest.engine == .postgresql, location == .sqlite {
            throw BackupError(
                "the snapshot holds a PostgreSQL database: restore it with --database postgresql://… naming an empty database")
        }
        let created = try prepareFolder()
        if case .postgreSQL(let address) = location { try refuseNonEmpty(address, removingFolder: created) }
        do {
            try copyFiles(of: manifest, started: started, progress: progress)
            let library = try openRestored(manifest)
            let applied = try library.database.fetchAll("SELECT name FROM schema_migrations") { try $0["name"] as String }
            let upgrades = known.filter { Set(applied).contains($0) && !manifest.migrations.contains($0) }
            return RestoreResult(manifest: manifest, upgrades: upgrades, check: try library.check())
        } catch {
            removeWritten(createdFolder: created)
            if let error = error as? BackupError { throw error }
            throw BackupError("cannot restore the snapshot: \(error)")
        }
    }

    /// The target folder: made now, or one that exists and is empty. True when made now.
    private func prepareFolder() throws(BackupError) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw BackupError("\(folder.path) is not a folder") }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["?"]
            guard entries.isEmpty else {
                throw BackupError("\(folder.path) is not empty: restore writes into an empty folder only, never over a library")
            }
            return false
        }
        do {
            try DurableFile.makeFolder(folder.path)
        } catch {
            throw BackupError("cannot create \(folder.path): \(error.description)")
        }
        return true
    }

    private func refuseNonEmpty(_ address: PostgreSQLAddress, removingFolder created: Bool) throws(BackupError) {
        let tables: Int
        do {
            let database = try PostgreSQLDatabase(address: address, connections: 1, migrations: [])
            tables = try database.fetchValue("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()") ?? 0
        } catch {
            removeWritten(createdFolder: created)
            throw BackupError("cannot reach the database at \(address): \(error)")
        }
        guard tables == 0 else {
            removeWritten(createdFolder: created)
            throw BackupError(
                """
                the database at \(address) is not empty (\(tables) tables): restore writes into an empty database only, never over a library
                """
            )
        }
    }

    /// Every file but a PostgreSQL dump (restored by `pg_restore`) into the folder, each
    /// checked again against its digest as it is copied.
    private func copyFiles(of manifest: SnapshotManifest, started: ContinuousClock.Instant, progress: (BackupProgress) -> Void) throws {
        var done = BackupProgress(totalFiles: manifest.files.count, totalBytes: manifest.byteCount, started: started)
        var folders: Set<String> = []
        for file in manifest.files where file.path != SnapshotManifest.postgreSQLFile {
            let destination = folder.path + "/" + file.path
            let parent = (destination as NSString).deletingLastPathComponent
            if folders.insert(parent).inserted { try DurableFile.makeFolder(parent) }
            let copied = try SnapshotWriter.copy(snapshot.path + "/" + file.path, to: destination, as: file.path)
            guard copied == file else { throw BackupError("\(file.path) changed in the snapshot while it was restored") }
            done.files += 1
            done.bytes += file.size
            progress(done)
        }
        try FileDescriptor.open(folder.path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC).syncFileSystem()
    }

    /// The restored library, opened (and so migrated) where it now lives.
    private func openRestored(_ manifest: SnapshotManifest) throws -> Library {
        switch (manifest.engine, location) {
        case (.sqlite, .sqlite):
            return try Library(folder: folder, readers: 1)
        case (.postgresql, .postgreSQL(let address)):
            try PostgreSQLTools.restore(snapshot.path + "/" + SnapshotManifest.postgreSQLFile, into: address)
            return try Library(folder: folder, database: location, readers: 1)
        case (.sqlite, .postgreSQL(let address)):
            // As `roadtrip migrate` moves a folder's library; the folder keeps the files.
            try LibraryMove(from: folder, to: address).run()
            for suffix in ["", "-wal", "-shm"] { unlink(folder.path + "/library.sqlite" + suffix) }
            return try Library(folder: folder, database: location, readers: 1)
        case (.postgresql, .sqlite):
            throw BackupError("the snapshot holds a PostgreSQL database: restore it with --database")
        }
    }

    /// What this restore wrote into the folder, which was empty before.
    private func removeWritten(createdFolder: Bool) {
        if createdFolder {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
