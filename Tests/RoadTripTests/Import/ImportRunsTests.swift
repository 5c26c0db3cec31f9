import Crypto
import Foundation
@testable import RoadTrip
import SQLDatabase
import Testing
import TestSupport

/// Import runs: a Takeout's albums become vacations, a run that stopped is continued without
/// doing anything twice, and Undo takes away what only that run brought.
@Suite struct ImportRunsTests {
    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Counts that say whether the library is as it was: photos, their places' counts, the
    /// timeline's months, vacations and the files in the originals folder.
    private func state(of fixture: PhotosFixture, for account: AccountID) throws -> [String] {
        let counts: [String] = try fixture.library.database.read { db in
            [
                try db.fetchValue("SELECT count(*) FROM photos") as Int? ?? -1,
                try db.fetchValue("SELECT coalesce(sum(photo_count), 0) FROM places") as Int? ?? -1,
                try db.fetchValue("SELECT coalesce(sum(photo_count), 0) FROM timeline_months") as Int? ?? -1,
            ].map(String.init)
        }
        return counts + (try fixture.library.vacations.all(of: account).map { "\($0.name): \($0.photoCount)" })
            + ["\(fixture.files(under: "originals").count) originals"]
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aTakeoutsAlbumsBecomeVacationsAndUndoLeavesTheLibraryAsBeforeKeepingWhatAnotherImportBrought(engine: DatabaseEngine) throws {
        // setup: Anna has a vacation named as the album; a photo imported before from a folder
        // (its own run) is in the Takeout's album too
        let fixture = try PhotosFixture(engine: engine)
        let anna = try fixture.account("anna").id
        try fixture.library.vacations.create(named: "Été à Lisbonne", for: anna)
        let earlier = try fixture.draw("kept.jpg", seed: 7, takenAt: "2019-06-07T09:00:00")
        let files = ImportSelection(paths: [earlier])
        let first = try fixture.library.imports.begin(source: files.label, key: files.key, by: anna)
        _ = PhotoImporter(library: fixture.photos, workers: 1).run(files.found, by: anna, recorder: first)
        try first.finish(at: 1)
        let before = try state(of: fixture, for: anna)
        let album = "Takeout/Google Photos/Lisbonne/", year = "Takeout/Google Photos/Photos from 2019/"
        let tram = try bytes(try fixture.draw("tram.jpg", seed: 8, takenAt: nil))
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init(album + "métadonnées.json", Array(#"{"title": "Été à Lisbonne", "description": ""}"#.utf8)),
                .init(album + "tram.jpg", tram, stored: true),
                .init(
                    album + "tram.jpg.json",
                    Array(
                        #"""
                        {"title": "tram.jpg", "favorited": true, "photoTakenTime": {"timestamp": "1559990000"}, "geoData": \#
                        {"latitude": 38.7071, "longitude": -9.1355}}
                        """#
                        .utf8)),
                .init(album + "kept.jpg", try bytes(earlier), stored: true),
                .init(year + "tram.jpg", tram, stored: true),
                .init(
                    year + "bridge.jpg", try bytes(try fixture.draw("bridge.jpg", seed: 9, takenAt: "2019-06-09T18:00:00")), stored: true),
            ])
        let takeout = try Takeout(parts: [part])

        // MUT: the Takeout's run, its album made a vacation
        let run = try fixture.library.imports.begin(source: takeout.label, key: takeout.key, by: anna)
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(
            takeout, by: anna, in: fixture.library.uploadsFolder.path, recorder: run)
        let albums = try fixture.library.imports.makeVacations(of: takeout.albums, for: anna, recorder: run)
        try run.finish(at: 2)

        // validate: one album (the year folder is none), its vacation named apart from Anna's own
        #expect(takeout.albums.map(\.title) == ["Été à Lisbonne"])
        #expect(summary.imported.count == 2 && summary.alreadyThere.count == 2, "tram.jpg twice, kept.jpg from before")
        #expect(albums == [ImportedAlbum(album: "Été à Lisbonne", vacation: "Été à Lisbonne (2)", added: 2, problem: nil)])
        let tramPhoto = try #require(try fixture.photos.photo(sha256: SHA256.hexDigest(tram)))
        #expect(
            try fixture.library.favorites.isFavorite(tramPhoto.id, for: anna),
            "its sidecar marks it a favourite: Anna's, who imported it \(summary.warnings.map(\.warning))")
        let vacation = try #require(try fixture.library.vacations.all(of: anna).first { $0.name == "Été à Lisbonne (2)" })
        #expect(vacation.photoCount == 2 && vacation.firstDate == "2019-06-07T09:00:00", "in date order: kept.jpg, then the tram in Lisbon")
        let runs = try fixture.library.imports.all()
        #expect(runs.map(\.id) == [run.id, first.id])
        #expect(
            runs.first.map { ($0.source, $0.made, $0.found, $0.vacations) } ?? ("", 0, 0, 0) == ("Google Takeout, 1 part", 2, 1, 1),
            "made: the tram and the bridge; found: kept.jpg (the tram's second copy is the photo the run made)")

        // MUT: Undo the Takeout's run
        let undone = try fixture.library.imports.undo(run.id)

        // validate: its two photos and its vacation gone, kept.jpg (the folder's run brought it)
        // stays, and everything counted is as before
        #expect(undone == ImportUndo(removed: 2, kept: 0, vacations: 1))
        #expect(try state(of: fixture, for: anna) == before)
        #expect(try fixture.library.check().problems.isEmpty)
        #expect(try fixture.library.imports.all().first?.undoneAt != nil)
        #expect(throws: ImportRunError.alreadyUndone(run.id)) { try fixture.library.imports.undo(run.id) }
        #expect(throws: ImportRunError.noSuchRun(99)) { try fixture.library.imports.undo(99) }

        // MUT: Undo the folder's run too: now nothing else brought kept.jpg
        let second = try fixture.library.imports.undo(first.id)

        // validate
        #expect(second == ImportUndo(removed: 1, kept: 0, vacations: 0))
        #expect(try fixture.photos.count == 0 && fixture.files(under: "originals").isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aPhotoTheLibraryHadIsGivenWhatItLackedFromItsSidecarAndUndoTakesBackOnlyThat(engine: DatabaseEngine) throws {
        // setup: two photos imported before as plain files, without a date, a position or a
        // caption; then a Takeout brings them again with sidecars that have all three
        let fixture = try PhotosFixture(engine: engine)
        let anna = try fixture.account("anna").id
        let paths = [try fixture.draw("tram.jpg", seed: 8, takenAt: nil), try fixture.draw("bridge.jpg", seed: 9, takenAt: nil)]
        let files = ImportSelection(paths: paths)
        let first = try fixture.library.imports.begin(source: files.label, key: files.key, by: anna)
        _ = PhotoImporter(library: fixture.photos, workers: 1).run(files.found, by: anna, recorder: first)
        try first.finish(at: 1)
        let before = try state(of: fixture, for: anna)
        let filed = { try fixture.library.database.fetchAll("SELECT sorted_at FROM photos ORDER BY id") { try $0["sorted_at"] as String } }
        let filedBefore = try filed()
        let folder = "Takeout/Google Photos/Photos from 2019/"
        var members: [TestZip.Entry] = []
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            members += [
                .init(folder + name, try bytes(path), stored: true),
                .init(
                    folder + name + ".json",
                    Array(
                        #"""
                        {"title": "\#(name)", "description": "Tram 28", "favorited": true, "photoTakenTime": {"timestamp": \#
                        "1559990000"}, "geoData": {"latitude": 38.7071, "longitude": -9.1355}}
                        """#
                        .utf8)),
            ]
        }
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(part, members)
        let takeout = try Takeout(parts: [part])

        // MUT: the Takeout's run
        let run = try fixture.library.imports.begin(source: takeout.label, key: takeout.key, by: anna)
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(
            takeout, by: anna, in: fixture.library.uploadsFolder.path, recorder: run)
        try run.finish(at: 2)

        // validate: both already there, each given its Lisbon date (UTC+1 that June), position, place and caption
        #expect(summary.alreadyThere.count == 2 && summary.imported.isEmpty)
        #expect(
            summary.filled.map(\.fill.fields) == [["date", "position", "caption", "heart"], ["date", "position", "caption", "heart"]])
        #expect(try fixture.library.favorites.count(for: anna) == 2)
        for id: Int64 in [1, 2] {
            let photo = try #require(try fixture.photos.photo(id: id))
            #expect(photo.takenAt == "2019-06-08T11:33:20" && photo.takenOffset == 60)
            #expect(photo.latitude == 38.7071 && photo.longitude == -9.1355 && photo.placeID != nil && photo.description == "Tram 28")
        }
        #expect(try filed() == ["2019-06-08T11:33:20", "2019-06-08T11:33:20"])
        #expect(try state(of: fixture, for: anna) != before, "the timeline and the places count them now")

        // MUT: a person puts the bridge in New York, then the Takeout's run is undone
        try fixture.library.placer.place([2], atPlace: PhotosFixture.newYork.id, by: anna)
        let undone = try fixture.library.imports.undo(run.id)

        // validate: what the run filled goes, except the bridge's position, which the person gave since
        #expect(undone == ImportUndo(removed: 0, kept: 0, vacations: 0, unfilled: 2))
        let tram = try #require(try fixture.photos.photo(id: 1)), bridge = try #require(try fixture.photos.photo(id: 2))
        #expect(tram.takenAt == nil && tram.latitude == nil && tram.placeID == nil && tram.description == nil)
        #expect(
            bridge.takenAt == nil && bridge.placeID == PhotosFixture.newYork.id && bridge.positionSource == .hand
                && bridge.description == nil)
        #expect(try filed() == filedBefore)
        #expect(try fixture.library.favorites.count(for: anna) == 0)
        #expect(try fixture.library.database.fetchValue("SELECT coalesce(sum(photo_count), 0) FROM timeline_months") as Int? == 0)
        #expect(try fixture.library.check().problems.isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases)
    func twoCopiesOfAPhotoFillingItWithDifferentFactsAreBothTakenBackByUndo(engine: DatabaseEngine) throws {
        // setup: a photo without a date or a caption; then a folder of two copies of it, one's
        // XMP sidecar with the date alone, the other's with the caption alone
        let fixture = try PhotosFixture(engine: engine)
        let original = try fixture.draw("tram.jpg", seed: 8, takenAt: nil)
        _ = PhotoImporter(library: fixture.photos, workers: 1).run([ImportSource(path: original)])
        let folder = fixture.source.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xmp = { (property: String) in
            #"""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description \#
            rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \#
            \#(property)/></rdf:RDF></x:xmpmeta>
            """#
        }
        for (name, property) in [("a", #"photoshop:DateCreated="2019-06-08T11:33:20+01:00""#), ("b", #"dc:description="Tram 28""#)] {
            try FileManager.default.copyItem(atPath: original, toPath: folder.appendingPathComponent("\(name).jpg").path)
            try Data(xmp(property).utf8).write(to: folder.appendingPathComponent("\(name).jpg.xmp"))
        }
        let selection = ImportSelection(paths: [folder.path])
        let run = try fixture.library.imports.begin(source: selection.label, key: selection.key, by: nil)
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(selection.found, recorder: run)
        try run.finish(at: 2)
        let filled = try #require(try fixture.photos.photo(id: 1))

        // MUT
        let undone = try fixture.library.imports.undo(run.id)

        // validate: the date from one copy, the caption from the other; both taken back
        #expect(summary.filled.map(\.fill.fields) == [["date"], ["caption"]])
        #expect(filled.takenAt == "2019-06-08T11:33:20" && filled.description == "Tram 28")
        #expect(undone.unfilled == 1)
        let back = try #require(try fixture.photos.photo(id: 1))
        #expect(back.takenAt == nil && back.description == nil)
    }

    @Test func aPhotoAnUploadBroughtTooStaysWhenTheRunThatMadeItIsUndone() throws {
        // setup: a run imports a photo; the next day it is uploaded again in the browser
        let fixture = try PhotosFixture()
        let path = try fixture.draw("a.jpg", seed: 1)
        let run = try fixture.library.imports.begin(source: "Files", key: ImportRuns.key(of: [("a", 1)]), by: nil)
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run([ImportSource(path: path)], recorder: run)
        try run.finish(at: 1)
        let photo = try #require(try fixture.photos.photo(id: 1))
        try fixture.library.imports.noteUpload(.alreadyThere(photo), fileName: "a.jpg", by: nil)

        // MUT
        let undone = try fixture.library.imports.undo(run.id)

        // validate
        #expect(summary.imported.count == 1 && undone == ImportUndo(removed: 0, kept: 1, vacations: 0))
        #expect(try fixture.photos.count == 1)
        #expect(try fixture.library.imports.all().map(\.source).contains { $0.hasPrefix("Uploads in the browser, ") })
    }

    @Test func aRunThatStoppedIsContinuedPassingOverWhatItDidAndAFinishedOneIsNot() throws {
        // setup: a run of two files that stopped after the first
        let fixture = try PhotosFixture()
        let sources = [ImportSource(path: try fixture.draw("a.jpg", seed: 1)), ImportSource(path: try fixture.draw("b.jpg", seed: 2))]
        let key = ImportRuns.key(of: [("a", 1), ("b", 2)])
        let stopped = try fixture.library.imports.begin(source: "Files", key: key, by: nil)
        _ = PhotoImporter(library: fixture.photos, workers: 1).run([sources[0]], recorder: stopped)

        // MUT: the same import again, to its end, then once more
        let continued = try fixture.library.imports.begin(source: "Files", key: key, by: nil)
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(sources, recorder: continued)
        try continued.finish(at: 10)
        let again = try fixture.library.imports.begin(source: "Files", key: key, by: nil)

        // validate
        #expect(continued.continued && continued.id == stopped.id)
        #expect(summary.doneBefore == [sources[0]] && summary.imported == [sources[1]] && summary.alreadyThere.isEmpty)
        #expect(!again.continued && again.id != stopped.id)
        #expect(
            ImportRuns.key(of: [("b", 2), ("a", 1)]) == key && ImportRuns.key(of: [("a", 1), ("b", 3)]) != key,
            "the same files in any order are the same import; a file changed is another")
    }
}

/// Imports asked for in the browser, done by the import worker: on both engines.
@Suite struct ImportRequestsTests {
    @Test(arguments: DatabaseEngine.allCases)
    func aReportThenAnImportAskedForAreDoneByTheWorkerWithWhatTheySaid(engine: DatabaseEngine) throws {
        // setup: a folder of one photo; Anna, the owner
        let fixture = try PhotosFixture(engine: engine)
        let anna = try fixture.library.accounts.create(
            name: "anna", password: AccountsFixture.password, repeated: AccountsFixture.password, isOwner: true)
        _ = try fixture.draw("a.jpg", seed: 1)
        let requests = fixture.library.importRequests
        let work = {
            let job = try #require(try fixture.library.jobs.claim([.libraryImport]))
            try requests.run(job)
            try fixture.library.jobs.finish(job)
        }

        // MUT
        let report = try requests.ask(
            paths: [fixture.source.path], label: "Photos", by: anna.id, withTrash: false, withArchive: false, dryRun: true)
        let waiting = try requests.request(report)
        try work()
        let imported = try requests.ask(
            paths: [fixture.source.path, "/no/such/folder"], label: "Photos", by: anna.id,
            withTrash: false, withArchive: false, dryRun: false)
        try work()

        // validate
        #expect(waiting?.state == .waiting && waiting?.dryRun == true)
        let reported = try #require(try requests.request(report))
        #expect(
            reported.state == .done && reported.report.hasSuffix("Nothing was imported yet: this is the report. Import imports it."),
            "\(reported.report)")
        let done = try #require(try requests.request(imported))
        #expect(done.state == .done && done.done == 1 && done.total == 1, "some files missing is no failure: \(done)")
        #expect(
            done.report.contains("/no/such/folder: no such file or folder")
                && done.report.contains("Imported 1, already there 0, refused 0."),
            "\(done.report)")
        #expect(done.report.contains("Undo… on the Import screen undoes it"))
        #expect(try fixture.photos.count == 1 && requests.latest().map(\.id) == [imported, report])
    }
}
