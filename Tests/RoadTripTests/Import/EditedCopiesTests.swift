import Crypto
import Foundation
@testable import RoadTrip
import SQLDatabase
import Testing
import TestSupport

/// An edited copy and its original (`IMG_1234-edited.JPG` beside `IMG_1234.JPG`) are one item:
/// the edited version shown and the original kept beneath it, or, where the library had the
/// original, that photo unchanged with the edited copy kept beneath it. Undo takes either away.
@Suite struct EditedCopiesTests {
    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
    private func digest(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.hash(bytes)) }

    /// A Takeout's album of a photo, its edited copy (cropped, in German) and their one sidecar.
    private func takeout(in fixture: PhotosFixture) throws -> (part: String, original: [UInt8], edited: [UInt8]) {
        let album = "Takeout/Google Photos/Sintra/"
        let original = try bytes(try fixture.draw("IMG_0042.JPG", width: 320, height: 240, seed: 1, takenAt: "2019-06-08T11:00:00"))
        let edited = try bytes(
            try fixture.draw("IMG_0042-bearbeitet.JPG", width: 240, height: 240, seed: 2, takenAt: "2019-06-08T11:00:00"))
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init(album + "metadata.json", Array(#"{"title": "Sintra"}"#.utf8)),
                .init(album + "IMG_0042.JPG", original, stored: true),
                .init(album + "IMG_0042-bearbeitet.JPG", edited, stored: true),
                .init(
                    album + "IMG_0042.JPG.supplemental-metadata.json",
                    Array(#"{"title": "IMG_0042.JPG", "description": "Pena Palace"}"#.utf8)),
            ])
        return (part, original, edited)
    }

    private func versions(_ fixture: PhotosFixture) throws -> [PhotoVersion] {
        try fixture.library.database.fetchAll(
            "SELECT \(raw: PhotoVersion.columns) FROM photo_versions ORDER BY photo_id", PhotoVersion.init)
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aTakeoutsEditedCopyIsShownWithItsOriginalKeptBeneathAndUndoTakesBoth(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let anna = try fixture.account("anna").id
        let (part, original, edited) = try takeout(in: fixture)
        let takeout = try Takeout(parts: [part])

        // MUT: the report, the import with its album, the same Takeout again, then Undo
        let plan = try ImportPlan.takeout(takeout, in: fixture.photos)
        let run = try fixture.library.imports.begin(source: takeout.label, key: takeout.key, by: anna)
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(
            takeout, by: anna, in: fixture.library.uploadsFolder.path, recorder: run)
        let albums = try fixture.library.imports.makeVacations(of: takeout.albums, for: anna, recorder: run)
        try run.finish(at: 2)
        let again = PhotoImporter(library: fixture.photos, workers: 2).run(takeout, by: anna, in: fixture.library.uploadsFolder.path)
        let planAgain = try ImportPlan.takeout(takeout, in: fixture.photos)
        let photos = try fixture.photos.photos(ids: [1, 2, 3])
        let kept = try versions(fixture)
        let check = try fixture.library.check(hashes: true)
        let undo = try fixture.library.imports.undo(run.id)

        // validate: one item, showing the edited copy under the original's name, with the sidecar's caption
        #expect(plan.summary == "Would import 2 photos and 0 videos (among them 1 edited copy kept with its original as one item).")
        #expect(summary.imported.count == 2 && summary.stacked.count == 1 && summary.refused.isEmpty, "\(summary.refused)")
        #expect(photos.count == 1)
        let item = try #require(photos.first)
        #expect(item.sha256 == digest(edited) && item.width == 240 && item.title == "IMG_0042" && item.description == "Pena Palace")
        #expect(
            kept.map(\.kind) == [.original] && kept.first?.sha256 == digest(original) && kept.first?.photoID == item.id
                && kept.first?.width == 320)
        #expect(albums.map(\.added) == [1], "the album holds the item once")
        #expect(again.alreadyThere.count == 2 && again.imported.isEmpty, "both files are found again, the original beneath the item")
        #expect(planAgain.summary.hasSuffix("2 of them are in the library already."))
        #expect(check.problems.isEmpty, "\(check.problems)")
        // Undo: the item and both files go
        #expect(undo.removed == 1 && undo.versions == 0)
        #expect(
            try fixture.rows(in: "photos") == 0 && fixture.files(under: "originals").isEmpty
                && fixture.files(under: "cache/thumbnail").isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aPhotoTheLibraryHadStaysAsItWasKeepingTheEditedCopyBeneathUntilUndo(engine: DatabaseEngine) throws {
        // setup: the original came from a phone first
        let fixture = try PhotosFixture(engine: engine)
        let anna = try fixture.account("anna").id
        let (part, original, edited) = try takeout(in: fixture)
        let phone = try fixture.write(original, as: "IMG_0042.JPG")
        let shot = try #require(fixture.photos.importPhoto(at: phone, fileName: "IMG_0042.JPG", by: anna).photo)
        let takeout = try Takeout(parts: [part])

        // MUT
        let run = try fixture.library.imports.begin(source: takeout.label, key: takeout.key, by: anna)
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(
            takeout, by: anna, in: fixture.library.uploadsFolder.path, recorder: run)
        try run.finish(at: 2)
        let item = try #require(try fixture.photos.photos(ids: [shot.id]).first)
        let kept = try versions(fixture)
        let editedFile = fixture.photos.files.original(sha256: digest(edited), format: .jpeg)
        let keptFile = FileManager.default.fileExists(atPath: editedFile)
        let undo = try fixture.library.imports.undo(run.id)

        // validate: the photo shows what it showed (its addresses are cached for ever), the edit beneath
        #expect(summary.stacked.count == 1 && summary.alreadyThere.count == 1)
        #expect(item.sha256 == shot.sha256 && item.width == 320 && item.description == "Pena Palace", "given the caption it lacked")
        #expect(kept.map(\.kind) == [.edited] && kept.first?.sha256 == digest(edited) && keptFile)
        #expect(try fixture.rows(in: "photos") == 1)
        // Undo takes the edited copy away; the photo another import brought stays, as it was
        #expect(undo.versions == 1 && undo.removed == 0)
        #expect(undo.sentence(run: run.id).hasSuffix("Took away 1 edited copy it kept with photos the library had already."))
        #expect(try versions(fixture).isEmpty && !FileManager.default.fileExists(atPath: editedFile))
        #expect(try fixture.photos.photos(ids: [shot.id]).first?.sha256 == shot.sha256)
    }

    @Test func aFoldersEditedCopiesAreKeptWithTheirOriginalsAndACopyWithoutOneIsItsOwnPhoto() throws {
        // setup: a folder as Google's downloads and editors leave it; a lone copy whose original is elsewhere
        let fixture = try PhotosFixture()
        for (name, seed) in [("DSC_1.jpg", 1), ("DSC_1-edited.jpg", 2), ("DSC_2-editado.jpg", 3)] {
            _ = try fixture.draw(name, seed: UInt64(seed), takenAt: "2020-01-0\(seed)T10:00:00")
        }
        let selection = ImportSelection(paths: [fixture.source.path])

        // MUT
        let plan = try ImportPlan.files(selection.found, in: fixture.photos)
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(selection.found)
        let titles = try fixture.photos.photos(ids: [1, 2, 3, 4]).map(\.title).sorted()

        // validate
        #expect(plan.summary == "Would import 3 photos and 0 videos (among them 1 edited copy kept with its original as one item).")
        #expect(summary.imported.count == 3 && summary.stacked.count == 1)
        #expect(titles == ["DSC_1", "DSC_2-editado"])
        #expect(try versions(fixture).map(\.kind) == [.original])
    }

    @Test func checkNamesAKeptVersionWhoseFileIsMissing() throws {
        // setup
        let fixture = try PhotosFixture()
        let (part, original, _) = try takeout(in: fixture)
        _ = PhotoImporter(library: fixture.photos, workers: 1).run(try Takeout(parts: [part]), in: fixture.library.uploadsFolder.path)
        let item = try #require(try fixture.photos.photos(ids: [1]).first)
        unlink(fixture.photos.files.original(sha256: digest(original), format: .jpeg))

        // MUT
        let report = try fixture.library.check(hashes: false)

        // validate
        #expect(report.problems.count == 1)
        #expect(
            report.problems.first?.hasPrefix("photo \(item.id): the original version kept with it, ") == true
                && report.problems.first?.hasSuffix(", is missing") == true, "\(report.problems)")
    }
}
