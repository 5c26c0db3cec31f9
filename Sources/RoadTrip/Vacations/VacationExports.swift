import Foundation
import Synchronization

/// The copies of vacations made to be downloaded, in `cache/exports`: at most one per vacation,
/// named `<id>-<version>.vacation` for the vacation's version it holds (`vacations.version`,
/// which every change of the vacation increments), so every GET of an unchanged vacation sends
/// the same file and a change makes the next GET replace it.
///
/// The folder is bounded: after a copy is made, the least recently sent others are removed
/// until the total is within `limit`. The copy just made is never removed by its own making —
/// it is about to be sent — so one larger than the whole limit is still served, and is the
/// first to go when any other copy is made. At most `limit` plus that one copy stay on disk.
///
/// One per library, so that requests for the same vacation take its lock in turn and one copy
/// is made however many arrive at once. Another process (instance) over the same folder makes
/// its own copy at worst: copies are written to a temporary name and renamed into place, so a
/// reader never sees half of one, and both are made from the rows of the same version.
public final class VacationExports: Sendable {
    /// 2 GiB: two of the largest documents an import accepts.
    public static let defaultLimit: UInt64 = 2 << 30

    let folder: URL
    let limit: UInt64
    private let locks = Mutex<[Int64: (lock: NSLock, users: Int)]>([:])

    public init(folder: URL, limit: UInt64 = VacationExports.defaultLimit) {
        self.folder = folder
        self.limit = limit
    }

    func path(of id: Int64, version: Int64) -> String {
        folder.appendingPathComponent("\(id)-\(version).vacation").path
    }

    /// Where a copy is written before it is renamed into place: hidden, so the start-up
    /// cleaning leaves it alone for an hour (another process may be writing it).
    func temporaryPath(of id: Int64) -> String {
        folder.appendingPathComponent(".making-\(id)-\(UInt64.random(in: 0...UInt64.max)).vacation").path
    }

    /// Runs `body` holding the vacation's lock: one maker of its copy at a time.
    func withLock<T>(of id: Int64, _ body: () throws -> T) throws -> T {
        let lock = locks.withLock { table in
            let entry = table[id] ?? (NSLock(), 0)
            table[id] = (entry.lock, entry.users + 1)
            return entry.lock
        }
        defer {
            locks.withLock { table in
                if let entry = table[id] { table[id] = entry.users > 1 ? (entry.lock, entry.users - 1) : nil }
            }
        }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The copy of this version when it is there, marked as used `now`. A copy under its final
    /// name is always whole: it was renamed there once written and synced.
    func existing(_ id: Int64, version: Int64, now: Date) -> String? {
        let path = path(of: id, version: version)
        guard DurableFile.size(of: path) != nil else { return nil }
        Self.markUsed(path, at: now)
        return path
    }

    /// After `path` was made for vacation `id`: its other versions go, then the least recently
    /// used copies of other vacations until the folder fits the limit.
    func madeCopy(_ path: String, of id: Int64, now: Date) {
        var copies = Self.copies(in: folder)
        for copy in copies where copy.id == id && copy.path != path { unlink(copy.path) }
        copies.removeAll { $0.id == id && $0.path != path }
        var total = copies.reduce(0) { $0 + $1.size }
        for copy in copies.sorted(by: { $0.lastUse < $1.lastUse }) where total > limit && copy.path != path {
            unlink(copy.path)
            total -= copy.size
        }
        Self.markUsed(path, at: now)
    }

    /// Every copy of the vacation: when it is deleted.
    func remove(_ id: Int64) {
        for copy in Self.copies(in: folder) where copy.id == id { unlink(copy.path) }
    }

    /// At start-up: copies of vacations that are gone, files this folder does not name (an
    /// older RoadTrip's random names), and temporary files a crash left more than an hour ago
    /// (younger ones may be another process's copy being written).
    func removeStray(keeping known: Set<Int64>, now: Date) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            if let copy = Self.copy(named: name, at: path), known.contains(copy.id) { continue }
            if name.hasPrefix("."),
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) < 3600
            {
                continue
            }
            unlink(path)
        }
    }

    struct Copy {
        let id: Int64
        let path: String
        let size: UInt64
        /// Nanoseconds since 1970 of its last use, kept as its access time.
        let lastUse: Int64
    }

    static func copies(in folder: URL) -> [Copy] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { copy(named: $0, at: folder.appendingPathComponent($0).path) }
    }

    /// `<id>-<version>.vacation` that is a regular file; nil for anything else.
    private static func copy(named name: String, at path: String) -> Copy? {
        guard name.hasSuffix(".vacation") else { return nil }
        let parts = name.dropLast(".vacation".count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int64(parts[0]), Int64(parts[1]) != nil else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Copy(
            id: id, path: path, size: UInt64(info.st_size),
            lastUse: info.st_atim.nanosecondsSince1970)
    }

    /// The use is kept as the access time, set explicitly (mount options such as noatime only
    /// stop the implicit updates); the modification time, which the download's ETag is built
    /// from, stays as it was. A failure only makes the copy look older to the eviction.
    private static func markUsed(_ path: String, at now: Date) {
        // A clock beyond Int64's nanoseconds is clamped, never converted with a trap.
        let nanoseconds = Int64(exactly: (now.timeIntervalSince1970 * 1e9).rounded(.down)) ?? (now.timeIntervalSince1970 < 0 ? .min : .max)
        // The second is UTIME_OMIT (a <sys/stat.h> macro Swift does not import): unchanged.
        var times = [timespec(nanosecondsSince1970: nanoseconds), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }
}
