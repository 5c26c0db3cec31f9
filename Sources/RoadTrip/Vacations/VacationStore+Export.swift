import Foundation

/// What a download of a vacation is, without making it: for a HEAD.
public struct VacationExportHead: Sendable, Equatable {
    public let name: String
    /// The bytes a GET sends: the document's size, as the copy is the document byte for byte.
    public let size: UInt64
}

extension VacationStore {
    /// The vacation's document to download, as one file named as the vacation inside. One
    /// copy per version of the document, made by the first request for it (the others wait
    /// for it) and sent to every later one; see `VacationExports`.
    public func export(_ id: Int64, for account: AccountID) throws -> String {
        guard let vacation = try vacation(id, of: account) else { throw VacationError.noSuchVacation }
        return try exports.withLock(of: id) {
            let state = try Self.carrying(vacation.name, vacation.document)
            if let path = exports.existing(id, version: state.version, size: state.size, now: clock.now()) { return path }
            try DurableFile.makeFolder(exports.folder.path)
            let made = try vacation.document.copy { exports.path(of: id, version: $0.version) }
            exports.madeCopy(made.path, of: id, now: clock.now())
            return made.path
        }
    }

    /// What `export` would send, found without writing anything anywhere. The size is exact
    /// unless the document's name differs from the catalogue's (a crash between the two
    /// commits of a rename, since the last start): the GET writes the name first, which may
    /// add or free a page.
    public func exportHead(_ id: Int64, for account: AccountID) throws -> VacationExportHead {
        guard let vacation = try vacation(id, of: account) else { throw VacationError.noSuchVacation }
        return VacationExportHead(name: vacation.name, size: try vacation.document.state().size)
    }

    /// Writes each vacation's name into its document where it differs: documents renamed
    /// before they carried their name, or by a rename a crash cut between its two commits.
    /// Run at start-up, so that a HEAD of an export finds the size its GET will send.
    public func writeNamesIntoDocuments() throws {
        let entries: [(Int64, String)] = try database.read { db in
            try db.fetchAll("SELECT id, name FROM vacations") { (try $0["id"], try $0["name"]) }
        }
        for (id, name) in entries {
            guard let document = try? open(id) else { continue }
            _ = try exports.withLock(of: id) { try Self.carrying(name, document) }
        }
    }

    /// The document's state once it carries `name`, written first when it carries another.
    private static func carrying(_ name: String, _ document: VacationDocument) throws -> DocumentState {
        let state = try document.state()
        guard state.name != name else { return state }
        try document.setName(name)
        return try document.state()
    }
}
