import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What a download of a vacation is: for a HEAD.
public struct VacationExportHead: Sendable, Equatable {
    public let name: String
    /// The bytes a GET sends: the size of the copy of the current version.
    public let size: UInt64
}

extension VacationStore {
    /// The vacation as a document to download, one file (`VacationFormat`) built from its rows.
    /// One copy per version of the vacation, made by the first request for it (the others wait
    /// for it) and sent to every later one; see `VacationExports`.
    public func export(_ id: Int64, for account: AccountID) throws -> String {
        try exportCopy(id, for: account).path
    }

    /// What `export` sends. The document is built from the rows, so its size is known only once
    /// it is made: a HEAD makes (or reuses) the copy of the current version, exactly the file a
    /// GET of that version then sends. Still one copy per version, bounded with the others by
    /// the folder's limit (`VacationExports`), so HEADs cannot fill the disk.
    public func exportHead(_ id: Int64, for account: AccountID) throws -> VacationExportHead {
        let copy = try exportCopy(id, for: account)
        guard let size = DurableFile.size(of: copy.path) else { throw FileError("cannot read", copy.path) }
        return VacationExportHead(name: copy.name, size: UInt64(size))
    }

    /// The copy of the vacation's current version and the name inside it: the one there, or one
    /// made under the vacation's lock from one read of the library (so of one version), written
    /// under a temporary name, synced and renamed into place.
    private func exportCopy(_ id: Int64, for account: AccountID) throws -> (path: String, name: String) {
        guard try vacation(id, of: account) != nil else { throw VacationError.noSuchVacation }
        return try exports.withLock(of: id) {
            let current = try database.fetchOne("SELECT name, version FROM vacations WHERE id = \(id)").map {
                (name: try $0["name"] as String, version: try $0["version"] as Int64)
            }
            guard let current else { throw VacationError.noSuchVacation }
            if let path = exports.existing(id, version: current.version, now: clock.now()) { return (path, current.name) }
            try DurableFile.makeFolder(exports.folder.path)
            let temporary = exports.temporaryPath(of: id)
            defer { for suffix in VacationStore.sideFileSuffixes { unlink(temporary + suffix) } }
            let made = try database.read { db in
                try VacationDocumentWriter.write(id, from: db, to: temporary, migrations: documentMigrations)
            }
            let path = exports.path(of: id, version: made.version)
            guard Glibc.rename(temporary, path) == 0 else { throw FileError("cannot save", path) }
            DurableFile.syncFolder(exports.folder.path)
            exports.madeCopy(path, of: id, now: clock.now())
            return (path, made.name)
        }
    }
}
