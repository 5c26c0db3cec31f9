import Foundation
import Imaging
import PostgreSQL
import SQLDatabase
import SQLite
import SystemCalls
import Video

extension LibraryBackup {
    /// Copies the database as of one instant into the snapshot, and reads from that same
    /// instant the photos whose originals the snapshot needs and the schema's migrations.
    func copyDatabase(into writer: inout SnapshotWriter) throws(BackupError) -> CopiedDatabase {
        let instant = Date(timeIntervalSince1970: TimeInterval(clock.seconds))
        let name = location == .sqlite ? SnapshotManifest.sqliteFile : SnapshotManifest.postgreSQLFile
        let path = writer.root.appendingPathComponent(name).path
        let copied: CopiedDatabase
        do {
            switch location {
            case .sqlite: copied = try copySQLite(to: path, at: instant)
            case .postgreSQL(let address): copied = try dumpPostgreSQL(address, to: path, at: instant)
            }
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError("cannot copy the database (\(location)): \(error)")
        }
        // Private, as the library is: pg_dump makes its file with the process's umask.
        chmod(path, 0o600)
        try writer.addWritten(name)
        return copied
    }

    /// `VACUUM INTO`: one read transaction's view of the library, written as a new, compact
    /// file while writers go on. The copy is then made a file of its own (rollback journal,
    /// no WAL beside it) and read for its photos.
    private func copySQLite(to copy: String, at instant: Date) throws -> CopiedDatabase {
        let live = LibraryDatabase.sqlitePath(in: folder)
        guard DurableFile.size(of: live) != nil else { throw BackupError("\(folder.path) holds no RoadTrip library (no library.sqlite)") }
        do {
            // A connection of its own, which opens the file as the server does (WAL) and never writes it.
            let source = try SQLiteConnection(path: live)
            // Made private before SQLite fills it (VACUUM INTO takes an empty file): never readable by others, even for a moment.
            _ = try? FileDescriptor.open(copy, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode: 0o600)
            try source.execute("VACUUM INTO \(copy)")
        }
        let snapshot = try SQLiteConnection(path: copy, journal: .rollback)
        let migrations = try migrations(in: snapshot)
        return CopiedDatabase(instant: instant, migrations: migrations, photos: try originals(in: snapshot, migrations: migrations))
    }

    /// `pg_dump` of a snapshot exported by a read transaction that stays open while it runs,
    /// so the dump and the photos read in that transaction are of the same instant.
    private func dumpPostgreSQL(_ address: PostgreSQLAddress, to dump: String, at instant: Date) throws -> CopiedDatabase {
        // No migrations: a backup never changes the library, nor its schema.
        let database = try PostgreSQLDatabase(address: address, connections: 1, migrations: [])
        return try database.read { db in
            guard let snapshot: String = try db.fetchValue("SELECT pg_export_snapshot()") else {
                throw BackupError("PostgreSQL exported no snapshot")
            }
            try PostgreSQLTools.dump(address, snapshot: snapshot, to: dump)
            let migrations = try migrations(in: db)
            return CopiedDatabase(instant: instant, migrations: migrations, photos: try originals(in: db, migrations: migrations))
        }
    }

    private func migrations(in db: any Connection) throws -> [String] {
        let table: Int? = try db.fetchValue(
            db.engine == .sqlite
                ? "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'"
                : "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'")
        guard table != nil else { throw BackupError("the database holds no RoadTrip library (it has no schema_migrations)") }
        return try db.fetchAll("SELECT name FROM schema_migrations ORDER BY name") { try $0["name"] as String }
    }

    /// Whether a library of these migrations has videos (an older RoadTrip's has no `videos` table).
    static func hasVideos(_ migrations: [String]) -> Bool {
        migrations.contains { $0.hasSuffix("-videos") }
    }

    /// Whether a library of these migrations keeps versions of photos (an edited copy and its original).
    static func hasVersions(_ migrations: [String]) -> Bool {
        migrations.contains { $0.hasSuffix("-photo-versions") }
    }

    /// Every photo's original (and the version kept beneath it), a page of rows at a time.
    private func originals(in db: any Connection, migrations: [String]) throws -> [Original] {
        var originals = try versions(in: db, migrations: migrations)
        let videos = Self.hasVideos(migrations)
        var after: Int64 = 0
        while true {
            let joined: SQL =
                videos
                ? "LEFT JOIN videos v ON v.photo_id = p.id"
                : "LEFT JOIN (SELECT NULL AS photo_id, NULL AS sha256, NULL AS container) v ON false"
            let rows = try db.fetchAll(
                """
                SELECT p.id, p.sha256, p.format, v.sha256 AS video_sha256, v.container FROM photos p \(sql: joined)
                WHERE p.id > \(after) ORDER BY p.id LIMIT 10000
                """
            ) { row in
                (
                    id: try row["id"] as Int64, sha256: try row["sha256"] as String, format: try row["format"] as String,
                    videoSHA256: try row["video_sha256"] as String?, container: try row["container"] as String?
                )
            }
            guard let last = rows.last else { return originals }
            after = last.id
            for row in rows {
                guard PhotoFiles.isDigest(row.sha256), let format = ImageFormat(rawValue: row.format) else {
                    throw BackupError("photo \(row.id) has no valid digest or format in the database")
                }
                var video: (sha256: String, container: VideoContainer)?
                if let text = row.container {
                    guard let container = VideoContainer(rawValue: text), let sha256 = row.videoSHA256, PhotoFiles.isDigest(sha256) else {
                        throw BackupError("video \(row.id) has no valid container or digest in the database")
                    }
                    video = (sha256, container)
                }
                originals.append(Original(sha256: row.sha256, format: format, video: video))
            }
        }
    }

    /// The versions photos keep beneath them (`PhotoVersion`).
    private func versions(in db: any Connection, migrations: [String]) throws -> [Original] {
        guard Self.hasVersions(migrations) else { return [] }
        return try db.fetchAll("SELECT photo_id, sha256, format FROM photo_versions ORDER BY photo_id") { row in
            let (sha256, id): (String, Int64) = (try row["sha256"], try row["photo_id"])
            guard PhotoFiles.isDigest(sha256), let format = ImageFormat(rawValue: try row["format"]) else {
                throw BackupError("the version of photo \(id) has no valid digest or format in the database")
            }
            return Original(sha256: sha256, format: format, video: nil)
        }
    }
}
