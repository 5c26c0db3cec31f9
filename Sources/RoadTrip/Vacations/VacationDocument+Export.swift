import Foundation
import SQLDatabase

/// What a download of the document would be: which version of it, how many bytes, and the
/// name inside it.
struct DocumentState: Equatable {
    /// The file change counter of the SQLite header (bytes 24–27), which every commit of a
    /// rollback-journal database increments, whichever connection or process makes it. Stable
    /// across connections, unlike `PRAGMA data_version`.
    let version: UInt32
    let size: UInt64
    let name: String
}

extension VacationDocument {
    /// The document as it is now, read under a read transaction's shared lock: no commit can
    /// land between reading the header, the size and the name. Writes nothing.
    func state() throws -> DocumentState {
        try database.read { db in try currentState(db) }
    }

    /// A copy of the document at `destination` (written under a temporary name and renamed),
    /// taken under a read transaction so no writer commits while the bytes are read: the copy
    /// is the document of the version returned, byte for byte, in one self-contained file.
    func copy(to destination: (DocumentState) -> String) throws -> (path: String, state: DocumentState) {
        try database.read { db in
            let state = try currentState(db)
            let path = destination(state)
            try DurableFile.copy(from: database.path, to: path)
            return (path, state)
        }
    }

    /// Writes the vacation's name into the document, so that an export carries it as it is.
    func setName(_ name: String) throws {
        try database.write { db in try db.execute("UPDATE vacation SET name = \(name) WHERE id = 1") }
    }

    private func currentState(_ db: Connection) throws -> DocumentState {
        // The first read takes the shared lock; the header and size below are read under it.
        let name: String = try db.fetchValue("SELECT name FROM vacation WHERE id = 1") ?? ""
        let fd = open(database.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot read", database.path) }
        defer { close(fd) }
        var info = stat()
        var counter = [UInt8](repeating: 0, count: 4)
        guard fstat(fd, &info) == 0, counter.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 4, 24) }) == 4 else {
            throw FileError("cannot read", database.path)
        }
        let version = counter.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return DocumentState(version: version, size: UInt64(info.st_size), name: name)
    }
}
