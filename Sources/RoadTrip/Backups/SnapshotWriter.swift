import Crypto
import Foundation
import Synchronization
import SystemCalls

/// Fills a snapshot's folder file by file, keeping its manifest's entries: copies (hashed as
/// they are read) or hard links to the previous snapshot's same file. Made durable at the end
/// all at once (`syncfs`), then renamed into place.
struct SnapshotWriter {
    let root: URL
    /// The previous snapshot's folder and its files by path.
    private let previous: (folder: URL, files: [String: SnapshotManifest.File])?
    var progress: BackupProgress
    private let report: (BackupProgress) -> Void
    private let isCancelled: () -> Bool
    private(set) var files: [SnapshotManifest.File] = []
    private(set) var copiedBytes: Int64 = 0
    private(set) var linkedFiles = 0
    var warnings: [String] = []
    private var madeFolders: Set<String> = []

    init(
        root: URL, previous: (URL, SnapshotManifest)?, progress: BackupProgress,
        report: @escaping (BackupProgress) -> Void, isCancelled: @escaping () -> Bool
    ) {
        self.root = root
        self.previous = previous.map { folder, manifest in
            (folder, Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        self.progress = progress
        self.report = report
        self.isCancelled = isCancelled
    }

    /// Creates a folder of the snapshot (and those above it), private to this user.
    mutating func makeFolder(_ relative: String) throws(BackupError) {
        guard !madeFolders.contains(relative) else { return }
        if let slash = relative.lastIndex(of: "/") { try makeFolder(String(relative[..<slash])) }
        let path = relative.isEmpty ? root.path : root.path + "/" + relative
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw BackupError("cannot create \(path): \(SystemError.message(errno))")
        }
        madeFolders.insert(relative)
    }

    /// A file to put in the snapshot: `source` (of `size` bytes) at `relative`, hard-linked
    /// from the previous snapshot when `sameAsBefore` says a file of that name there holds the
    /// same bytes (content-addressed originals) and it is still there at that size, otherwise copied.
    struct Source {
        let relative: String
        let path: String
        let size: Int
        let sameAsBefore: Bool
    }

    /// Files placed at a time, by as many threads as there are cores: creating thousands of
    /// small files is the file system's work, which spreads over the cores where one thread
    /// would wait on each in turn.
    static let batch = 64

    /// Puts the files in the snapshot, a batch at a time, in order; each batch's copies and
    /// links are made by as many threads as there are cores. Returns the manifest's entries.
    @discardableResult
    mutating func add(_ sources: [Source]) throws(BackupError) -> [SnapshotManifest.File] {
        var entries: [SnapshotManifest.File] = []
        entries.reserveCapacity(sources.count)
        for start in stride(from: 0, to: sources.count, by: Self.batch) {
            guard !isCancelled() else {
                throw BackupError("the backup was stopped before it finished; the earlier snapshots are as they were")
            }
            let batch = sources[start..<min(start + Self.batch, sources.count)]
            for source in batch {
                if let slash = source.relative.lastIndex(of: "/") { try makeFolder(String(source.relative[..<slash])) }
            }
            let placed = place(Array(batch))
            for outcome in placed {
                let (file, linked) = try outcome.get()
                if linked { linkedFiles += 1 } else { copiedBytes += file.size }
                entries.append(added(file))
            }
        }
        return entries
    }

    /// Links or copies each file, on as many threads as there are cores.
    private func place(_ batch: [Source]) -> [Result<(SnapshotManifest.File, linked: Bool), BackupError>] {
        let outcomes = Mutex([Result<(SnapshotManifest.File, linked: Bool), BackupError>?](repeating: nil, count: batch.count))
        let (root, previous) = (root, previous)
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            let source = batch[index]
            let destination = root.path + "/" + source.relative
            let outcome: Result<(SnapshotManifest.File, linked: Bool), BackupError>
            if source.sameAsBefore, let previous, let before = previous.files[source.relative], Int64(source.size) == before.size,
                DurableFile.size(of: previous.folder.path + "/" + source.relative) == source.size,
                link(previous.folder.path + "/" + source.relative, destination) == 0
            {
                // Kept only when what was linked is a plain file of the size and digest the previous
                // manifest gives: a file changed or replaced in that snapshot since is copied afresh.
                if Self.matches(destination, before) {
                    outcome = .success((before, true))
                } else {
                    unlink(destination)
                    outcome = Result { () throws(BackupError) in (try Self.copy(source.path, to: destination, as: source.relative), false) }
                }
            } else {
                outcome = Result { () throws(BackupError) in (try Self.copy(source.path, to: destination, as: source.relative), false) }
            }
            outcomes.withLock { $0[index] = outcome }
        }
        return outcomes.withLock { $0.map { $0 ?? .failure(BackupError("a file was not placed")) } }
    }

    /// Whether the file at `path` (not followed if a link) is a plain file with the entry's size and SHA-256.
    static func matches(_ path: String, _ entry: SnapshotManifest.File) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == entry.size else { return false }
        return (try? FileDigest.sha256(ofFileAt: path)) == entry.sha256
    }

    /// Enters a file already written in the snapshot (the database) with its size and digest.
    @discardableResult
    mutating func addWritten(_ relative: String) throws(BackupError) -> SnapshotManifest.File {
        let path = root.path + "/" + relative
        guard let size = DurableFile.size(of: path) else { throw BackupError("\(relative) was not written") }
        let digest: String
        do throws(FileDigestError) { digest = try FileDigest.sha256(ofFileAt: path) } catch {
            throw BackupError("cannot read \(path): \(error.description)")
        }
        progress.totalFiles += 1
        progress.totalBytes += Int64(size)
        copiedBytes += Int64(size)
        return added(SnapshotManifest.File(path: relative, size: Int64(size), sha256: digest))
    }

    private mutating func added(_ file: SnapshotManifest.File) -> SnapshotManifest.File {
        files.append(file)
        progress.files += 1
        progress.bytes += file.size
        report(progress)
        return file
    }

    /// Copies `source` to a new file at `destination`, private to this user, hashing it as it
    /// is read: the manifest's entry for it (named `relative`), as a backup and a restore make it.
    static func copy(_ source: String, to destination: String, as relative: String) throws(BackupError) -> SnapshotManifest.File {
        let output: FileDescriptor
        do throws(SystemError) {
            output = try FileDescriptor.open(destination, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        } catch {
            throw BackupError("cannot write \(destination): \(error.message)")
        }
        let digest: String
        do throws(FileDigestError) {
            digest = try FileDigest.sha256(ofFileAt: source, copyingInto: output)
        } catch {
            throw BackupError("cannot copy \(relative): \(error.description)")
        }
        var info = stat()
        guard fstat(output.rawValue, &info) == 0 else { throw BackupError("cannot read \(destination): \(SystemError.message(errno))") }
        do throws(SystemError) { try output.close() } catch { throw BackupError("cannot write \(destination): \(error.message)") }
        return SnapshotManifest.File(path: relative, size: Int64(info.st_size), sha256: digest)
    }

    /// Writes the manifest, then everything of the snapshot through to the disk in one call.
    mutating func finish(_ manifest: SnapshotManifest) throws(BackupError) {
        let path = root.path + "/" + SnapshotManifest.fileName
        do {
            let bytes = try manifest.encoded()
            let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
            try file.writeAll(bytes)
            try file.close()
            try FileDescriptor.open(root.path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC).syncFileSystem()
        } catch let error as SystemError {
            throw BackupError("cannot write the snapshot's manifest: \(error.message)")
        } catch {
            throw BackupError("cannot write the snapshot's manifest: \(error)")
        }
    }

    /// Renames the whole snapshot to its final name and makes the rename durable.
    func place(as final: URL) throws(BackupError) {
        guard rename(root.path, final.path) == 0 else {
            throw BackupError("cannot name the snapshot \(final.lastPathComponent): \(SystemError.message(errno))")
        }
        AtomicFile.syncFolder(final.deletingLastPathComponent().path)
    }
}
