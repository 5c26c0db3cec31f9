import Foundation
import SystemCalls

extension FlickrImageCache {
    /// Temporary files start with this; one left by a crash is removed at start.
    static let temporaryPrefix = ".incoming-"

    /// Writes the image under a temporary name, fsyncs it with its use time set, and renames
    /// it into place; then evicts the least recently used others until the total fits. A
    /// failure names the system's reason, never a path of this server.
    func store(_ bytes: [UInt8], as name: String) throws(FlickrError) {
        do throws(FileError) {
            try DurableFile.makeFolder(folder)
        } catch {
            throw Self.saveFailure("cannot make its folder")
        }
        let temporary = folder + "/" + Self.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        var placed = false
        defer { if !placed { unlink(temporary) } }
        do throws(SystemError) {
            let file = try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
            try file.writeAll(bytes)
            UseTime(clock.now()).set(on: file.rawValue)
            try file.sync()
            try file.close()
        } catch {
            throw Self.saveFailure(error.message)
        }
        let destination = path(of: name)
        // Renamed under the lock, so the index and the folder never disagree about a name.
        try index.withLock { (index) throws(FlickrError) in
            do throws(SystemError) {
                try systemCall("rename") { rename(temporary, destination) }
            } catch {
                throw Self.saveFailure(error.message)
            }
            placed = true
            index.put(name, size: bytes.count)
            for victim in index.evict(toFit: capacity, keeping: name) { unlink(path(of: victim)) }
        }
        DurableFile.syncFolder(folder)
    }

    /// Removes the least recently used files until the total is within capacity.
    func evict(keeping kept: String?) {
        index.withLock { index in
            for victim in index.evict(toFit: capacity, keeping: kept) { unlink(path(of: victim)) }
        }
    }

    /// The image came but cannot be kept (a full disk, a folder not writable): the caller has
    /// nothing to show, as when Flickr does not answer.
    private static func saveFailure(_ reason: String) -> FlickrError {
        .unavailable("the image cache cannot save the image: \(reason)")
    }
}

/// The cached files, their sizes and the order of their last uses. Lives behind the cache's
/// lock; the order is a counter, so uses within one run keep their order even when the clock
/// stands still or steps back, and at a restart it is rebuilt from the files' modification times.
struct CacheIndex: Sendable {
    struct Entry: Sendable {
        var size: Int
        var lastUse: UInt64
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var total = 0
    private var uses: UInt64 = 0

    /// Records a use of the file; false when the index has no such file.
    mutating func use(_ name: String) -> Bool {
        guard entries[name] != nil else { return false }
        uses += 1
        entries[name]?.lastUse = uses
        return true
    }

    /// Adds a file, or replaces the one of that name, as the most recently used.
    mutating func put(_ name: String, size: Int) {
        total -= entries[name]?.size ?? 0
        uses += 1
        entries[name] = Entry(size: size, lastUse: uses)
        total += size
    }

    /// Forgets the least recently used files, except `kept`, until the total is within
    /// `capacity`, and names them for the caller to delete.
    mutating func evict(toFit capacity: Int, keeping kept: String?) -> [String] {
        guard total > capacity else { return [] }
        var victims: [String] = []
        for (name, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where name != kept {
            guard total > capacity else { break }
            entries[name] = nil
            total -= entry.size
            victims.append(name)
        }
        return victims
    }

    /// The index of the files in `folder`, oldest use first; temporary files left by a crash
    /// are removed, and files that are not named as the cache names them are left alone.
    static func rebuilt(from folder: String) -> CacheIndex {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [(name: String, size: Int, time: UseTime)] = []
        for name in names {
            let path = folder + "/" + name
            if name.hasPrefix(FlickrImageCache.temporaryPrefix) {
                unlink(path)
                continue
            }
            var info = stat()
            guard isCacheName(name), stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            found.append((name, Int(info.st_size), UseTime(modificationOf: info)))
        }
        var index = CacheIndex()
        for file in found.sorted(by: { ($0.time.nanoseconds, $0.name) < ($1.time.nanoseconds, $1.name) }) {
            index.put(file.name, size: file.size)
        }
        return index
    }

    /// 64 lowercase hexadecimal digits: a SHA-256 as `FileDigest` writes it.
    static func isCacheName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// The moment of a use, kept as a file's modification time (to the nanosecond where the file
/// system allows) so that the order of uses survives a restart.
struct UseTime: Sendable {
    let nanoseconds: Int64

    init(_ date: Date) {
        nanoseconds = Int64((date.timeIntervalSince1970 * 1e9).rounded(.down))
    }

    init(modificationOf info: stat) {
        #if os(Linux)
            let time = info.st_mtim
        #else
            let time = info.st_mtimespec
        #endif
        nanoseconds = time.nanosecondsSince1970
    }

    /// Sets the open file's access and modification times to this moment. A failure only
    /// costs the order after a restart, so it is not reported.
    func set(on fd: Int32) {
        let moment = timespec(nanosecondsSince1970: nanoseconds)
        var times = [moment, moment]
        _ = futimens(fd, &times)
    }
}
