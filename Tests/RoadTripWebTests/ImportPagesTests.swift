import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing
import TestSupport

/// The owner's Import screen: uploads a piece at a time that go on where they broke, a report
/// then the import done by the import worker, and Undo — and what it refuses.
@Suite struct ImportPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    /// Posts `bytes` as the piece of the upload `name` at `offset` of `total`, as importing.js does.
    private func piece(_ visitor: Visitor, _ name: String, _ bytes: ArraySlice<UInt8>, offset: Int, total: Int, token: String? = nil) throws
        -> Response
    {
        var headers = Headers()
        headers["Content-Type"] = "application/octet-stream"
        headers["X-CSRF-Token"] = token ?? visitor.formToken
        let path = uploads.folder.appendingPathComponent("piece-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let target =
            """
            /import/uploads?name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&offset=\(offset)&total=\(total)
            """
        return visitor.send("POST", target, headers: headers, bodyFile: path)
    }

    private func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any]) ?? [:]
    }

    /// Does the import worker's next job here and now.
    private func runImportJob() throws {
        let job = try #require(try web.library.jobs.claim([.libraryImport]))
        try web.library.importRequests.run(job)
        try web.library.jobs.finish(job)
    }

    @Test func aPartUploadedInPiecesGoesOnWhereItBrokeAndLandsAmongWhatCanBeImported() throws {
        // setup
        let owner = try web.signedIn("Ann")
        _ = owner.get("/import")
        let bytes = Array((0..<10).map { UInt8($0) })

        // MUT: six bytes, then the same piece again (the browser did not hear the answer), then the rest
        let first = try piece(owner, "takeout-001.zip", bytes[0..<6], offset: 0, total: 10)
        let asked = owner.get("/import/uploads?name=takeout-001.zip&total=10")
        let otherFile = owner.get("/import/uploads?name=takeout-001.zip&total=12")
        let again = try piece(owner, "takeout-001.zip", bytes[0..<6], offset: 0, total: 10)
        let last = try piece(owner, "takeout-001.zip", bytes[6..<10], offset: 6, total: 10)

        // validate
        #expect(first.status == .ok && json(first)["size"] as? Int == 6 && json(first)["complete"] as? Bool == false)
        #expect(json(asked)["size"] as? Int == 6, "where a broken upload goes on from")
        #expect(json(otherFile)["size"] as? Int == 0, "another file of the name goes on from nothing of this one")
        #expect(again.status == .conflict && json(again)["size"] as? Int == 6, "nothing written twice: go on from 6")
        #expect(last.status == .ok && json(last)["complete"] as? Bool == true)
        let stored = web.library.folder.appendingPathComponent("imports/takeout-001.zip")
        #expect(try Data(contentsOf: stored) == Data(bytes))
        web.expectPage(owner.get("/import"), recordedAs: "takeout-001-zip-to-import", seenBy: owner)

        // MUT: removed once imported; a name that is no upload is refused
        let removed = owner.post("/import/uploads/removal", [("remove", "takeout-001.zip")])
        let outside = owner.post("/import/uploads/removal", [("remove", "../library.sqlite")])

        // validate
        #expect(removed.status == .ok)
        web.expectPage(removed, recordedAs: "takeout-001-zip-removed", seenBy: owner)
        #expect(!FileManager.default.fileExists(atPath: stored.path))
        #expect(outside.status == .unprocessableContent && outside.bodyText.contains("is not among the files to import any more"))
        #expect(FileManager.default.fileExists(atPath: web.library.folder.appendingPathComponent("library.sqlite").path))
    }

    @Test func aFolderIsListedOnlyWhenNoneOfItsFilesIsStillArriving() throws {
        // setup: an export folder's first file whole, its second half there
        let owner = try web.signedIn("Ann")
        _ = owner.get("/import")
        _ = try piece(owner, "iCloud Photos/Photo Details.csv", [1, 2, 3][...], offset: 0, total: 3)
        _ = try piece(owner, "iCloud Photos/IMG_0001.JPG", [1, 2, 3][...], offset: 0, total: 6)

        // MUT
        let arriving = owner.get("/import").bodyText
        _ = try piece(owner, "iCloud Photos/IMG_0001.JPG", [4, 5, 6][...], offset: 3, total: 6)
        let arrived = owner.get("/import")

        // validate
        #expect(!arriving.contains(#"value="uploaded:iCloud Photos""#), "not to be imported half there")
        web.expectPage(arrived, recordedAs: "an-export-folder-arrived-whole", seenBy: owner)
    }

    @Test func anUploadsHostileNameSizeOrPieceAndAMembersOrForgedPostAreRefusedAndStoreNothing() throws {
        // setup
        let owner = try web.signedIn("Ann")
        let member = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        _ = owner.get("/import")

        // MUT
        let outside = try piece(owner, "../library.sqlite", [1, 2], offset: 0, total: 2)
        let hidden = try piece(owner, "Export/.hidden", [1, 2], offset: 0, total: 2)
        let huge = try piece(owner, "big.zip", [1, 2], offset: 0, total: 65 << 30)
        let past = try piece(owner, "short.zip", [1, 2, 3], offset: 0, total: 2)
        let forged = try piece(owner, "a.zip", [1, 2], offset: 0, total: 2, token: "not the token")
        let bob = try piece(member, "a.zip", [1, 2], offset: 0, total: 2)
        let bobsScreen = member.get("/import")

        // validate
        #expect(outside.status == .unprocessableContent && outside.bodyText.contains("cannot be the name of an upload"))
        #expect(hidden.status == .unprocessableContent)
        #expect(huge.status == .unprocessableContent && huge.bodyText.contains("An upload may be up to 69 GB"))
        #expect(past.status == .unprocessableContent && past.bodyText.contains("goes past the 2 B it was said to be"))
        #expect(forged.status == .forbidden && bob.status == .forbidden && bobsScreen.status == .forbidden)
        let imports = web.library.folder.appendingPathComponent("imports")
        let stored = (FileManager.default.enumerator(atPath: imports.path)?.allObjects ?? []).compactMap { $0 as? String }
        #expect(stored.filter { !$0.hasSuffix(".incoming") }.isEmpty, "nothing stored: \(stored)")
    }

    @Test func aTakeoutIsReportedOnThenImportedInTheBackgroundThenUndone() throws {
        // setup: a Takeout of one photo with its sidecar, uploaded whole
        let owner = try web.signedIn("Ann")
        _ = owner.get("/import")
        let photo = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try uploads.draw("IMG_0001.jpg", seed: 3))))
        let zip = uploads.folder.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            zip,
            [
                .init("Takeout/Google Photos/Trip/IMG_0001.jpg", photo, stored: true),
                .init(
                    "Takeout/Google Photos/Trip/IMG_0001.jpg.json",
                    Array(#"{"title": "IMG_0001.jpg", "description": "Hello", "favorited": true}"#.utf8)),
            ])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
        #expect(try piece(owner, "takeout-001.zip", bytes[...], offset: 0, total: bytes.count).status == .ok)

        // MUT: the report first
        let asked = owner.post("/import", [("entry", "uploaded:takeout-001.zip")])
        try runImportJob()
        let report = owner.get("/import/requests/1")

        // validate: nothing imported; the report says what would be, and offers the import
        #expect(asked.status == .seeOther && asked.location == "/import/requests/1")
        web.expectPage(report, recordedAs: "the-report-offering-the-import", seenBy: owner)
        #expect(try web.library.photos.count == 0)

        // MUT: the import
        let imported = owner.post("/import", [("entry", "uploaded:takeout-001.zip"), ("import", "1")])
        try runImportJob()
        let summary = owner.get("/import/requests/2")
        let screen = owner.get("/import")

        // validate: imported with its caption and its heart (Ann's); the run listed with Undo
        #expect(imported.location == "/import/requests/2")
        web.expectPage(summary, recordedAs: "the-import-done", seenBy: owner)
        let stored = try #require(try web.library.photos.photo(id: 1))
        #expect(stored.description == "Hello")
        let ann = try #require(try web.library.accounts.account(named: "Ann")).id
        #expect(try web.library.favorites.isFavorite(stored.id, for: ann))
        web.expectPage(screen, recordedAs: "the-run-listed-with-undo", seenBy: owner)

        // MUT: Undo, asked first
        let question = owner.get("/import/runs/1/undo")
        let undone = owner.post("/import/runs/1/undo")

        // validate
        web.expectPage(question, recordedAs: "undo-asked-first", seenBy: owner)
        #expect(undone.status == .ok)
        web.expectPage(undone, recordedAs: "the-run-undone", seenBy: owner)
        #expect(try web.library.photos.count == 0)
        #expect(owner.post("/import/runs/1/undo").bodyText.contains("import run 1 was undone already"))
    }

    @Test func undoWaitsWhileAnImportIsGoingOn() throws {
        // setup: a run of the command line's; an import asked for, not yet done
        let owner = try web.signedIn("Ann")
        let run = try web.library.imports.begin(source: "Files", key: ImportRuns.key(of: [("a", 1)]), by: nil)
        try run.finish(at: 1)
        let folder = uploads.folder.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ann = try #require(try web.library.accounts.account(named: "Ann")).id
        _ = try web.library.importRequests.ask(
            paths: [folder.path], label: "Photos", by: ann, withTrash: false, withArchive: false, dryRun: false)

        // MUT
        let screen = owner.get("/import")
        let undone = owner.post("/import/runs/\(run.id)/undo")

        // validate
        web.expectPage(screen, recordedAs: "undo-waiting-for-an-import", seenBy: owner)
        #expect(!screen.bodyText.contains("/undo\""))
        #expect(undone.status == .conflict && undone.bodyText.contains("Nothing was undone."))
        #expect(try web.library.imports.all().first?.undoneAt == nil)
    }

    @Test func anImportOfNothingOrOfWhatIsNotAmongTheUploadsIsRefusedWithWhy() throws {
        // setup: a link among the uploads, to a photo elsewhere on the server
        let owner = try web.signedIn("Ann")
        _ = owner.get("/import")
        let elsewhere = try uploads.draw("elsewhere.jpg", seed: 1)
        try FileManager.default.createDirectory(at: web.folder.appendingPathComponent("imports"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: web.folder.appendingPathComponent("imports/link.jpg").path, withDestinationPath: elsewhere)

        // MUT
        let nothing = owner.post("/import", [])
        let outside = owner.post("/import", [("entry", "uploaded:../library.sqlite")])
        let server = owner.post("/import", [("entry", "server:photos")])
        let screen = owner.get("/import").bodyText
        let link = owner.post("/import", [("entry", "uploaded:link.jpg")])

        // validate
        #expect(!screen.contains("link.jpg") && link.status == .unprocessableContent, "a link may lead anywhere: never listed nor imported")
        #expect(nothing.status == .unprocessableContent && nothing.bodyText.contains("Choose what to import"))
        #expect(outside.status == .unprocessableContent && outside.bodyText.contains("is not among the files to import any more"))
        #expect(server.status == .unprocessableContent && server.bodyText.contains("No folder on the server is named for imports"))
        #expect(try web.library.importRequests.latest().isEmpty)
    }
}
