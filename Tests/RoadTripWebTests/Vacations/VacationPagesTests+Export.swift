import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import SQLDatabase
import SQLite
import Testing

/// `/vacations/<id>/export` through the app: a HEAD gives the exact length of the GET, HEADs and
/// GETs share one copy per version of the vacation, and a WAL document imported through the
/// form leaves no file behind.
extension VacationPagesTests {
    /// A signed-in visitor with a vacation "Lisboa" holding one photo.
    private func lisboa() throws -> (visitor: Visitor, id: Int64) {
        let visitor = try web.signedIn()
        try visit(seed: 1, visitor)
        return (visitor, Int64(1))
    }

    private func visit(seed: UInt64, _ visitor: Visitor) throws {
        let name = "p\(seed).jpg"
        let path = try uploads.draw(name, seed: seed, at: (38.7139, -9.1394), width: 80, height: 60)
        let photo = try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
        if try web.rows(in: "vacations") == 0 {
            _ = visitor.get("/vacations/new")
            _ = visitor.post("/vacations/new", [("name", "Lisboa")])
        }
        _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", "1")])
    }

    private var exportsFolder: URL { web.folder.appendingPathComponent("cache/exports") }

    private var copies: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: exportsFolder.path)) ?? []).sorted()
    }

    /// The length is known only once the document is built from the rows: the HEADs make the
    /// copy of the current version, one for all of them, and the GET sends that copy.
    @Test func aHeadAnswersTheHeadersAndTheExactLengthOfTheDownloadWithOneCopy() throws {
        // setup
        let (visitor, id) = try lisboa()

        // MUT
        let heads = (0..<8).map { _ in visitor.request("HEAD", "/vacations/\(id)/export") }
        let madeByHeads = copies

        // validate
        let get = visitor.get("/vacations/\(id)/export")
        #expect(madeByHeads.count == 1)
        #expect(copies == madeByHeads, "the GET sent the copy the HEADs made")
        for head in heads {
            #expect(head.status == .ok)
            #expect(head.headers["Content-Type"] == "application/vnd.sqlite3")
            #expect(head.headers["Content-Disposition"] == get.headers["Content-Disposition"])
            #expect(head.headers["Cache-Control"] == "private, no-store")
            guard case .headersOnly(let length) = head.body else { Issue.record("a body for a HEAD: \(head.body)"); continue }
            #expect(length == UInt64(get.bodyBytes.count))
        }
    }

    @Test func anotherAccountsExportIsNotFoundForAHeadAsForAGet() throws {
        // setup
        let (_, id) = try lisboa()
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")

        // MUT
        let head = bob.request("HEAD", "/vacations/\(id)/export")
        let get = bob.get("/vacations/\(id)/export")

        // validate
        #expect(head.status == .notFound)
        #expect(get.status == .notFound)
        #expect(copies.isEmpty)
    }

    @Test func getsOfAnUnchangedVacationShareOneCopyAndAChangeReplacesIt() throws {
        // setup
        let (visitor, id) = try lisboa()

        // MUT
        let first = (0..<8).map { _ in visitor.get("/vacations/\(id)/export") }
        let copiesBefore = copies
        try visit(seed: 2, visitor)
        let after = visitor.get("/vacations/\(id)/export")

        // validate
        #expect(Set(first.map(\.bodyBytes)).count == 1)
        #expect(copiesBefore.count == 1)
        #expect(copies.count == 1)
        #expect(copies != copiesBefore, "the old copy is gone, the new one is there")
        #expect(after.bodyBytes != first[0].bodyBytes)
        let file = try uploads.file(after.bodyBytes, "after.vacation")
        let photos: Int? = try SQLiteDatabase(path: file, readers: 1, journal: .rollback).read { db in
            try db.fetchValue("SELECT count(*) FROM photos")
        }
        #expect(photos == 2)
    }

    @Test func aRenameIsInTheNextExport() throws {
        // setup
        let (visitor, id) = try lisboa()
        _ = visitor.get("/vacations/\(id)/export")
        _ = visitor.get("/vacations/\(id)")

        // MUT
        _ = visitor.post("/vacations/\(id)/rename", [("name", "Porto")])
        let export = visitor.get("/vacations/\(id)/export")

        // validate
        #expect(export.headers["Content-Disposition"]?.contains("filename=\"Porto.vacation\"") == true)
        let file = try uploads.file(export.bodyBytes, "porto.vacation")
        let name: String? = try SQLiteDatabase(path: file, readers: 1, journal: .rollback).read { db in
            try db.fetchValue("SELECT name FROM vacation")
        }
        #expect(name == "Porto")
        #expect(copies.count == 1)
    }

    @Test func deletingAVacationRemovesItsCopy() throws {
        // setup
        let (visitor, id) = try lisboa()
        _ = visitor.get("/vacations/\(id)/export")
        _ = visitor.get("/vacations/\(id)/remove")

        // MUT
        let deleted = visitor.post("/vacations/\(id)/remove")

        // validate
        #expect(deleted.status == .seeOther)
        #expect(copies.isEmpty)
    }

    @Test func aWALDocumentImportedThroughTheFormLeavesNoFileBehind() throws {
        // setup: an export switched to WAL by another program
        let (visitor, id) = try lisboa()
        let file = try uploads.file(visitor.get("/vacations/\(id)/export").bodyBytes, "wal.vacation")
        do {
            let database = try SQLiteDatabase(path: file, readers: 1, journal: .wal)
            _ = try database.read { db in try db.fetchValue("SELECT count(*) FROM photos") as Int? }
        }
        for suffix in ["-wal", "-shm"] { unlink(file + suffix) }
        _ = visitor.get("/vacations/import")
        var headers = Headers()

        // MUT
        let body = try uploads.multipart(token: visitor.formToken, files: [("wal.vacation", file)], field: "document")
        headers["Content-Type"] = body.contentType
        let imported = visitor.send("POST", "/vacations/import", headers: headers, bodyFile: body.path)
        _ = visitor.get("/vacations/2")

        // validate
        #expect(imported.status == .seeOther)
        #expect(try web.library.vacations.vacation(2, of: AccountID(1))?.contents.photos().count == 1)
        let imports = (try? FileManager.default.contentsOfDirectory(atPath: web.folder.appendingPathComponent("cache/imports").path)) ?? []
        #expect(imports.isEmpty, "no private copy, no -wal, no -shm")
        #expect(!FileManager.default.fileExists(atPath: web.folder.appendingPathComponent("vacations").path))
    }
}
