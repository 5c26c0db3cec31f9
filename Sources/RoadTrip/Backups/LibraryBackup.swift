import Crypto
import Foundation
import Imaging
import SystemCalls
import Video

/// How far a backup (or a restore) has got: files and bytes, of how many.
public struct BackupProgress: Sendable {
    public var files = 0
    public var totalFiles = 0
    public var bytes: Int64 = 0
    public var totalBytes: Int64 = 0
    public let started: ContinuousClock.Instant
}

/// What a backup made.
public struct BackupResult: Sendable {
    /// The snapshot's name in the backup folder: its UTC time.
    public let name: String
    public let snapshot: URL
    public let files: Int
    /// Every file's size: what a copy of the snapshot alone would take.
    public let bytes: Int64
    /// What was written anew; the rest was hard-linked from the snapshot before.
    public let copiedBytes: Int64
    public let linkedFiles: Int
    public let duration: Duration
    /// Complete snapshots in the folder once the oldest beyond `keep` went.
    public let kept: Int
    public let removed: [String]
    /// What the person should know (an original missing from the library), nothing lost by the backup.
    public let warnings: [String]
}

/// `roadtrip backup DIR`: a snapshot of the library as of one instant — the database
/// (`VACUUM INTO` for SQLite, `pg_dump --format=custom` for PostgreSQL), the originals of the
/// photos in it, the destinations' pictures, and a manifest of every file's size and SHA-256
/// — written as `DIR/.partial-<time>`, synced, and renamed `DIR/<time>` when whole.
///
/// Originals are named by their digest, so one already in the snapshot before is the same
/// file: it is hard-linked, not copied, and a second backup of an unchanged library writes
/// little more than its database. Renditions and caches are made again from the originals
/// and are left out, unless `withRenditions`.
///
/// The backup reads the library and never changes it, nor migrates it: a RoadTrip serving
/// the same library may go on writing meanwhile.
public struct LibraryBackup: Sendable {
    public let folder: URL
    public let location: LibraryDatabase
    public let target: SnapshotFolder
    public var withRenditions = false
    /// Complete snapshots to keep, the newest; nil keeps them all.
    public var keep: Int?
    public var clock: WallClock = .system

    /// Folders of the data folder that hold what a person made and RoadTrip cannot make again,
    /// besides the originals: pictures of imported destinations, vacation documents not yet
    /// moved into the library.
    static let keptFolders = ["destination-images", "vacations"]

    public init(folder: URL, location: LibraryDatabase, to target: URL) {
        self.folder = folder
        self.location = location
        self.target = SnapshotFolder(target)
    }

    /// Makes the snapshot; on any failure the partial one goes and the folder is as it was.
    /// `isCancelled` is asked between files: true stops the backup (a server stopping).
    public func run(progress: @escaping (BackupProgress) -> Void = { _ in }, isCancelled: @escaping () -> Bool = { false })
        throws(BackupError) -> BackupResult
    {
        let started = ContinuousClock.now
        do {
            try DurableFile.makeFolder(target.url.path)
        } catch {
            throw BackupError("cannot use \(target.url.path) as the backup folder: \(error.description)")
        }
        let lock = try target.lock()
        defer { _ = lock }
        try target.removeLeftovers()
        let previous = target.latest()
        let name = target.newName(at: Date(timeIntervalSince1970: TimeInterval(clock.seconds)))
        let partial = target.url.appendingPathComponent(SnapshotFolder.partialPrefix + name)
        var writer = SnapshotWriter(
            root: partial, previous: previous.map { (target.url.appendingPathComponent($0.name), $0.manifest) },
            progress: BackupProgress(started: started), report: progress, isCancelled: isCancelled)
        do {
            try writer.makeFolder("")
            let database = try copyDatabase(into: &writer)
            try copyOriginals(of: database.photos, into: &writer)
            try copyKeptFolders(into: &writer)
            let manifest = SnapshotManifest(
                createdAt: database.instant, engine: location == .sqlite ? .sqlite : .postgresql, migrations: database.migrations,
                photos: database.photos.count, withRenditions: withRenditions, files: writer.files
            )
            try writer.finish(manifest)
            try writer.place(as: target.url.appendingPathComponent(name))
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        // The snapshot is made whatever happens now: an old one that cannot be removed is told, not a failure.
        var removed: [String] = []
        do {
            removed = try keep.map { keep throws(BackupError) in try target.removeOldest(keeping: keep) } ?? []
        } catch {
            writer.warnings.append(error.description)
        }
        return BackupResult(
            name: name, snapshot: target.url.appendingPathComponent(name), files: writer.files.count, bytes: writer.progress.bytes,
            copiedBytes: writer.copiedBytes, linkedFiles: writer.linkedFiles, duration: ContinuousClock.now - started,
            kept: target.snapshots().count, removed: removed, warnings: writer.warnings
        )
    }

    /// A photo's original as the database names it; for a video, its file's container too (the
    /// original is then the video file, and the image of its digest its poster).
    struct Original {
        let sha256: String
        let format: ImageFormat
        /// Its video file: a video's own (its digest the photo's, the original its poster), or a
        /// Live Photo's movie (a digest of its own, the original its still).
        var video: (sha256: String, container: VideoContainer)? = nil
    }

    /// The copied database, and what was read from it at the same instant.
    struct CopiedDatabase {
        let instant: Date
        let migrations: [String]
        let photos: [Original]
    }

    private func copyOriginals(of photos: [Original], into writer: inout SnapshotWriter) throws(BackupError) {
        let files = PhotoFiles(folder: folder)
        // `digest`: what an original's bytes must hash to; `required`: missing, it is lost (a
        // rendition is made again).
        var wanted: [(relative: String, source: String, digest: String?, required: Bool)] = []
        func want(_ source: String, digest: String?, required: Bool) {
            wanted.append((String(source.dropFirst(folder.path.count + 1)), source, digest, required))
        }
        for photo in photos {
            if let video = photo.video {
                // The video as imported, and its poster (RoadTrip's still, not of that digest) or
                // its Live Photo's still.
                want(files.video(sha256: video.sha256, container: video.container), digest: video.sha256, required: true)
                want(
                    files.original(sha256: photo.sha256, format: photo.format), digest: video.sha256 == photo.sha256 ? nil : photo.sha256,
                    required: true)
                if withRenditions { want(files.videoRendition(sha256: video.sha256), digest: nil, required: false) }
            } else {
                want(files.original(sha256: photo.sha256, format: photo.format), digest: photo.sha256, required: true)
            }
            guard withRenditions else { continue }
            for rendition in [Rendition.thumbnail, .preview] {
                want(files.rendition(rendition, sha256: photo.sha256), digest: nil, required: false)
            }
        }
        // Each file's size, once: what the progress counts, and whether it is there at all.
        let sizes = wanted.map { DurableFile.size(of: $0.source) }
        writer.progress.totalBytes += Int64(sizes.reduce(0) { $0 + ($1 ?? 0) })
        writer.progress.totalFiles += sizes.count(where: { $0 != nil })
        var missing: [String] = []
        var present: [(source: SnapshotWriter.Source, digest: String?)] = []
        for (file, size) in zip(wanted, sizes) {
            guard let size else {
                // A rendition not made yet is made again from the original, as it would have been.
                if file.required { missing.append(file.relative) }
                continue
            }
            // Named by its digest: the previous snapshot's file of the same name holds the same bytes.
            present.append((SnapshotWriter.Source(relative: file.relative, path: file.source, size: size, sameAsBefore: true), file.digest))
        }
        let entries = try writer.add(present.map(\.source))
        for (entry, file) in zip(entries, present) where file.digest != nil && entry.sha256 != file.digest {
            writer.warnings.append(
                "the original \(entry.path) does not match its digest: it changed in the library (roadtrip check --hashes)")
        }
        // One line however many: a library that lost a disk's worth of originals says so once.
        if let first = missing.first {
            let others = missing.count > 1 ? " and \(missing.count - 1) more" : ""
            writer.warnings.append(
                """
                \(missing.count) file\(missing.count == 1 ? " is" : "s are") missing from the library and not in the snapshot \
                (\(first)\(others)); roadtrip check names their photos
                """
            )
        }
    }

    private func copyKeptFolders(into writer: inout SnapshotWriter) throws(BackupError) {
        for name in Self.keptFolders {
            let source = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(source.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            var sources: [SnapshotWriter.Source] = []
            for relative in SnapshotFolder.files(in: source).sorted() {
                let path = source.path + "/" + relative
                // Only plain files: a link may point anywhere, and the library makes none.
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, SnapshotManifest.isSafe(relative) else {
                    writer.warnings.append("\(name)/\(relative) is not a plain file and was left out")
                    continue
                }
                sources.append(
                    SnapshotWriter.Source(relative: "\(name)/\(relative)", path: path, size: Int(info.st_size), sameAsBefore: false))
            }
            writer.progress.totalFiles += sources.count
            writer.progress.totalBytes += Int64(sources.reduce(0) { $0 + $1.size })
            try writer.add(sources)
        }
    }
}
