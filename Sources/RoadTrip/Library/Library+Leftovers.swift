import Foundation
#if canImport(Glibc)
    import Glibc
#endif

extension Library {
    /// Where the server spools an upload's body while it arrives, beside the library so that
    /// nothing is copied across file systems.
    public var spoolFolder: URL { folder.appendingPathComponent("cache/incoming") }

    /// Where an upload form's files are taken apart, one folder per request.
    public var uploadsFolder: URL { folder.appendingPathComponent("cache/uploads") }

    /// How long a file under a temporary name lies untouched before it counts as abandoned. An
    /// upload in progress writes to its file far more often (the server drops a connection idle
    /// for 30 s), and a copy or rendition is renamed into place within moments.
    public static let abandonedAfter: TimeInterval = 3600

    /// How long the part of an Import screen's upload may wait for the rest (`ImportFolders`): a
    /// broken upload is meant to go on days later, but not to fill the disk for ever.
    public static let abandonedImportUploadAfter: TimeInterval = 7 * 24 * 3600

    /// Removes what a process killed in the middle of a write left under temporary names: an
    /// upload's spooled body or its parts, an original or a rendition on its way to its final
    /// name. Only what has lain untouched for `abandonedAfter`: instances share the folder, so a
    /// younger file may be another instance's work in progress; a part of an Import screen's
    /// upload, after `abandonedImportUploadAfter`. Nothing under a final name is touched. Returns
    /// how many files and folders went.
    @discardableResult
    public func removeAbandonedFiles() -> Int {
        let cutoff = clock.now().addingTimeInterval(-Self.abandonedAfter)
        var removed = 0
        for name in Self.names(in: spoolFolder.path) where name.hasPrefix("upload-") {
            removed += Self.removeIfAbandoned(spoolFolder.appendingPathComponent(name).path, before: cutoff)
        }
        for name in Self.names(in: uploadsFolder.path) {
            removed += Self.removeIfAbandoned(uploadsFolder.appendingPathComponent(name).path, before: cutoff)
        }
        // DIR/imports/.incoming/SIZE/NAME: each part (or a folder's, as a whole), then its size's folder once empty.
        let parts = ImportFolders(library: folder, server: nil).uploads.appendingPathComponent(".incoming").path
        let partCutoff = clock.now().addingTimeInterval(-Self.abandonedImportUploadAfter)
        for size in Self.names(in: parts) {
            for name in Self.names(in: parts + "/" + size) {
                removed += Self.removeIfAbandoned(parts + "/" + size + "/" + name, before: partCutoff)
            }
            if Self.names(in: parts + "/" + size).isEmpty { try? FileManager.default.removeItem(atPath: parts + "/" + size) }
        }
        // Content-addressed trees: <tree>/<two hex digits>/<file>. An original being imported is
        // copied at the tree's root while its digest, and so its shard, is not yet known.
        for tree in ["originals", "cache/thumbnail", "cache/preview", "cache/video"] {
            let root = folder.appendingPathComponent(tree).path
            for shard in Self.names(in: root) {
                let shardPath = root + "/" + shard
                if Self.isTemporary(shard) {
                    removed += Self.removeIfAbandoned(shardPath, before: cutoff)
                    continue
                }
                for name in Self.names(in: shardPath) where Self.isTemporary(name) {
                    removed += Self.removeIfAbandoned(shardPath + "/" + name, before: cutoff)
                }
            }
        }
        return removed
    }

    /// The temporary names of `AtomicFile` (`.name.….tmp`), and of an older RoadTrip's copies (`.incoming-…`).
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".incoming-") || (name.hasPrefix(".") && name.hasSuffix(".tmp"))
    }

    private static func names(in path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// 1 when `path` (a file, or a folder whose every entry is) was last changed before `cutoff`
    /// and is now gone; 0 otherwise. Symbolic links are looked at, never followed.
    private static func removeIfAbandoned(_ path: String, before cutoff: Date) -> Int {
        guard let modified = lastChange(path), modified < cutoff else { return 0 }
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let entries = names(in: path)
            guard entries.allSatisfy({ (lastChange(path + "/" + $0) ?? .distantFuture) < cutoff }) else { return 0 }
            return (try? FileManager.default.removeItem(atPath: path)) == nil ? 0 : 1
        }
        return unlink(path) == 0 ? 1 : 0
    }

    private static func lastChange(_ path: String) -> Date? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }
}
