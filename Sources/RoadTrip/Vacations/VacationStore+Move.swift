import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import SQLDatabase

/// A document of an older RoadTrip whose rows could not be moved into the library: its
/// vacation is there, empty, and the file is kept beside where it was.
public struct UnmovedDocument: Sendable, Equatable, CustomStringConvertible {
    public let vacationID: Int64
    public let name: String
    /// Where the file now is; nil when there was none.
    public let keptAt: String?
    public let reason: String

    public var description: String {
        guard let keptAt else { return "vacation “\(name)” (\(vacationID)) is empty: \(reason)" }
        return "vacation “\(name)” (\(vacationID)) is empty: its document could not be moved, as \(reason); it is kept as \(keptAt)"
    }
}

extension VacationStore {
    /// Moves the vacations an older RoadTrip kept as documents (`vacations/<id>.vacation`, one
    /// per catalogue row marked `in_document`) into the library, keeping their photo, place and
    /// tag ids. Run at start-up, before anything reads a vacation.
    ///
    /// Each document is opened as SQLite always opened it, so a change a crash cut short is
    /// rolled back first; its rows are copied in one write transaction that also clears the
    /// mark; only after that commit is the file removed. A crash between the two leaves a file
    /// whose vacation is no longer marked: it is removed next time, with the documents no row
    /// names, as before. A document that cannot be read is renamed aside (`.unreadable`) and
    /// reported; its vacation is left empty. The folder goes once nothing is left in it.
    @discardableResult
    public func moveDocumentsIntoLibrary() throws -> [UnmovedDocument] {
        let pending: [Int64] = try database.fetchAll("SELECT id FROM vacations WHERE in_document = 1 ORDER BY id") { try $0["id"] as Int64 }
        let unmoved = try pending.compactMap { try moveDocument(of: $0) }
        try removeLeftDocuments()
        return unmoved
    }

    private func moveDocument(of id: Int64) throws -> UnmovedDocument? {
        let path = documentPath(of: id)
        // Copies an older RoadTrip exported are named by the document's own change counter,
        // which the new versions could meet: none of them is sent again.
        exports.remove(id)
        var keptAside = false
        let unmoved = try database.write { db -> UnmovedDocument? in
            // Another process (a command beside the server) may have moved it meanwhile.
            guard let name: String = try db.fetchValue("SELECT name FROM vacations WHERE id = \(id) AND in_document = 1") else {
                return nil
            }
            var unmoved: UnmovedDocument?
            if DurableFile.size(of: path) == nil {
                unmoved = UnmovedDocument(vacationID: id, name: name, keptAt: nil, reason: "its document was missing")
            } else {
                do {
                    // A savepoint: a document that fails half way leaves none of its rows.
                    try db.transaction {
                        try VacationDocumentReader(path: path, migrations: documentMigrations).copyRows(into: id, in: db)
                    }
                } catch let error as VacationDocumentReader.Unreadable {
                    // Set aside before the commit: were it still under its name afterwards, it
                    // would be taken for a moved document and removed.
                    let aside = path + ".unreadable"
                    for suffix in ["-journal", ""] where DurableFile.size(of: path + suffix) != nil {
                        guard Glibc.rename(path + suffix, aside + suffix) == 0 else { throw FileError("cannot rename", path + suffix) }
                    }
                    DurableFile.syncFolder(documentsFolder.path)
                    keptAside = true
                    unmoved = UnmovedDocument(vacationID: id, name: name, keptAt: aside, reason: error.description)
                }
            }
            try db.execute("UPDATE vacations SET in_document = 0 WHERE id = \(id)")
            return unmoved
        }
        if !keptAside {
            for suffix in VacationStore.sideFileSuffixes { unlink(path + suffix) }
            DurableFile.syncFolder(documentsFolder.path)
        }
        return unmoved
    }

    /// Documents no marked vacation names — moved already (a crash came between the commit and
    /// the removal), of vacations gone, or half made by a crash — and an older RoadTrip's
    /// temporary files; then the folder, when that left it empty.
    private func removeLeftDocuments() throws {
        let pending: Set<Int64> = try database.read { db in
            Set(try db.fetchAll("SELECT id FROM vacations WHERE in_document = 1") { try $0["id"] as Int64 })
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: documentsFolder.path) else { return }
        for name in names {
            if let suffix = VacationStore.sideFileSuffixes.first(where: { name.hasSuffix(".vacation" + $0) }) {
                if let id = Int64(name.dropLast(".vacation".count + suffix.count)), pending.contains(id) { continue }
            } else if !name.hasPrefix(".incoming-") && !name.hasPrefix(".template-") {
                continue
            }
            unlink(documentsFolder.appendingPathComponent(name).path)
        }
        DurableFile.syncFolder(documentsFolder.path)
        // Only when empty: a document set aside keeps it.
        if rmdir(documentsFolder.path) == 0 { DurableFile.syncFolder(dataFolder.path) }
    }

    /// Where an older RoadTrip kept the vacations' documents.
    var documentsFolder: URL { dataFolder.appendingPathComponent("vacations") }

    func documentPath(of id: Int64) -> String {
        documentsFolder.appendingPathComponent("\(id).vacation").path
    }
}
