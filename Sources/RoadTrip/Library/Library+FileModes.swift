import Foundation

extension Library {
    /// The library's files that hold secrets (password hashes, the key that signs form tokens
    /// and link cookies): the SQLite database and the files SQLite keeps beside it.
    var secretFiles: [String] {
        guard location == .sqlite else { return [] }
        let database = LibraryDatabase.sqlitePath(in: folder)
        return [database, database + "-wal", database + "-shm"]
    }

    /// A warning for each of those files that other users of the machine may read: RoadTrip
    /// creates them private, but an older RoadTrip, a copy or a restore by hand may not have.
    /// `roadtrip serve` writes them once at start.
    public func fileModeWarnings() -> [String] {
        secretFiles.compactMap { path in
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
            let mode = String(info.st_mode & 0o777, radix: 8)
            return
                """
                \(path) can be read by other users of this machine (mode \(mode)): it holds password hashes and the key that signs \
                form tokens and link cookies; make it private with chmod 600
                """
        }
    }
}
