import Crypto
import Foundation
import SystemCalls

/// A backup folder: complete snapshots named by their UTC time (`2026-12-04T130512Z`),
/// each written first as `.partial-<name>` and renamed when whole, so a name without a dot
/// is a complete snapshot and anything else is a leftover the next backup removes.
public struct SnapshotFolder: Sendable {
    public let url: URL

    public init(_ url: URL) {
        self.url = url
    }

    static let partialPrefix = ".partial-"
    static let removingPrefix = ".removing-"
    static let lockName = ".roadtrip-backup.lock"

    /// The complete snapshots, oldest first: real folders only, never a link named like one
    /// (whose files another hand could change).
    public func snapshots() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let complete = names.compactMap { name -> (name: String, order: (String, Int))? in
            guard let order = Self.order(of: name) else { return nil }
            var info = stat()
            guard lstat(url.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            let manifest = url.appendingPathComponent(name).appendingPathComponent(SnapshotManifest.fileName).path
            return DurableFile.size(of: manifest) == nil ? nil : (name, order)
        }
        return complete.sorted { $0.order < $1.order }.map(\.name)
    }

    /// The newest complete snapshot's manifest, for hard-linking what has not changed.
    func latest() -> (name: String, manifest: SnapshotManifest)? {
        for name in snapshots().reversed() {
            if let manifest = try? SnapshotManifest.read(from: url.appendingPathComponent(name)) { return (name, manifest) }
        }
        return nil
    }

    /// A snapshot's name: its time, with `-2`, `-3`… when a snapshot of that second exists.
    func newName(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HHmmss'Z'"
        let base = formatter.string(from: date)
        var name = base
        var number = 1
        while FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
            number += 1
            name = "\(base)-\(number)"
        }
        return name
    }

    /// Where a snapshot's name sorts: its time, then its number within that second. Nil for
    /// any other name (leftovers, a person's own files).
    static func order(of name: String) -> (String, Int)? {
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let time = parts.prefix(3).joined(separator: "-")
        guard time.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{6}Z/) != nil else { return nil }
        guard parts.count == 4 else { return (time, 1) }
        guard let number = Int(parts[3]), number > 1, String(number) == parts[3] else { return nil }
        return (time, number)
    }

    /// Removes what earlier runs left: snapshots being written or removed when they stopped.
    /// Only under the folder's lock, so never another backup's work.
    func removeLeftovers() throws(BackupError) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        where name.hasPrefix(Self.partialPrefix) || name.hasPrefix(Self.removingPrefix) {
            try remove(url.appendingPathComponent(name))
        }
    }

    /// Removes the oldest complete snapshots beyond `keep`: each renamed out of the list first,
    /// so a removal stopped half way leaves a leftover, never a snapshot that looks whole.
    func removeOldest(keeping keep: Int) throws(BackupError) -> [String] {
        let all = snapshots()
        guard all.count > keep else { return [] }
        let old = Array(all.prefix(all.count - keep))
        for name in old {
            let removing = url.appendingPathComponent(Self.removingPrefix + name)
            guard rename(url.appendingPathComponent(name).path, removing.path) == 0 else {
                throw BackupError("cannot remove the old snapshot \(name): \(SystemError.message(errno))")
            }
            AtomicFile.syncFolder(url.path)
            try remove(removing)
        }
        return old
    }

    private func remove(_ folder: URL) throws(BackupError) {
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            throw BackupError("cannot remove \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Takes the folder for one backup at a time (`flock`), released when the lock goes.
    func lock() throws(BackupError) -> FileDescriptor {
        let path = url.appendingPathComponent(Self.lockName).path
        let file: FileDescriptor
        do throws(SystemError) {
            file = try FileDescriptor.open(path, flags: O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
        } catch {
            throw BackupError("cannot write to the backup folder \(url.path): \(error.message)")
        }
        guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            throw BackupError("another backup is writing to \(url.path) now")
        }
        return file
    }
}

extension SnapshotFolder {
    /// Checks every file of the snapshot against its manifest: there, of its size, with its
    /// SHA-256, and nothing else in the folder. Throws naming each file that does not match;
    /// returns the manifest when all do. `progress` is told the bytes read so far.
    public static func verify(_ snapshot: URL, progress: (Int64) -> Void = { _ in }) throws(BackupError) -> SnapshotManifest {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: snapshot.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw BackupError("there is no snapshot at \(snapshot.path)")
        }
        let manifest = try SnapshotManifest.read(from: snapshot)
        var damaged: [String] = []
        var read: Int64 = 0
        for file in manifest.files {
            let path = snapshot.path + "/" + file.path
            var info = stat()
            guard lstat(path, &info) == 0 else {
                damaged.append("\(file.path): missing")
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                damaged.append("\(file.path): not a plain file")
                continue
            }
            guard Int64(info.st_size) == file.size else {
                damaged.append("\(file.path): \(info.st_size) bytes where the manifest says \(file.size)")
                continue
            }
            do throws(FileDigestError) {
                if try FileDigest.sha256(ofFileAt: path) != file.sha256 {
                    damaged.append("\(file.path): its bytes differ from the manifest's SHA-256")
                }
            } catch {
                damaged.append("\(file.path): \(error.description)")
            }
            read += file.size
            progress(read)
        }
        let listed = Set(manifest.files.map(\.path) + [SnapshotManifest.fileName])
        for extra in files(in: snapshot) where !listed.contains(extra) {
            damaged.append("\(extra): not in the manifest")
        }
        guard damaged.isEmpty else {
            throw BackupError(
                """
                the snapshot \(snapshot.lastPathComponent) is damaged: \(damaged.count) \
                file\(damaged.count == 1 ? " does" : "s do") not match its manifest
                """,
                damaged: damaged)
        }
        return manifest
    }

    /// Every entry under `folder` that is not a folder, as relative paths.
    static func files(in folder: URL) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                if lstat(folder.path + "/" + child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    walk(child)
                } else {
                    found.append(child)
                }
            }
        }
        walk("")
        return found
    }
}
