import Foundation
@testable import RoadTrip
import Testing
import TestSupport

/// A Google Takeout of two zip parts, written by the test as Google writes them, imported in place.
@Suite struct TakeoutImportTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture()
    }

    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func aTakeoutsPhotosArriveWithTheirSidecarsTimePlaceAndCaptionWhereverTheSidecarIs() throws {
        // setup: two photos without a date or position of their own, their sidecars in the other
        // part (one under the 2024 name, one with the counter moved), a photo with its own date,
        // a sidecar without its photo, an album's metadata, a note, and a member named to climb out
        let folder = "Takeout/Google Photos/Photos from 2019/"
        let harbour = try bytes(try fixture.draw("IMG_1234.JPG", seed: 1, takenAt: nil))
        let second = try bytes(try fixture.draw("IMG_1234(1).JPG", seed: 2, takenAt: nil))
        let dated = try bytes(try fixture.draw("dated.jpg", seed: 3, takenAt: "2019-06-09T08:00:00"))
        let first = fixture.source.appendingPathComponent("takeout-20250101T000000Z-001.zip").path
        let other = fixture.source.appendingPathComponent("takeout-20250101T000000Z-002.zip").path
        try TestZip.write(
            first,
            [
                .init(folder + "IMG_1234.JPG", harbour, stored: true), .init(folder + "IMG_1234(1).JPG", second, stored: true),
                .init(folder + "dated.jpg", dated, stored: true), .init(folder + "notes.txt", Array("hello".utf8)),
                .init(folder + "broken.jpg", try bytes(try fixture.draw("broken.jpg", seed: 4)), stored: true),
                .init("Takeout/Google Photos/../../x.jpg", harbour, stored: true),
            ])
        try TestZip.write(
            other,
            [
                .init(
                    folder + "IMG_1234.JPG.supplemental-metadata.json",
                    Array(
                        """
                        {"title": "IMG_1234.JPG", "description": "The harbour at dawn", "photoTakenTime": {"timestamp": "1559990000"},
                         "geoData": {"latitude": 38.7071, "longitude": -9.1355}, "favorited": true}
                        """.utf8)),
                .init(
                    folder + "IMG_1234.JPG(1).json",
                    Array(#"{"title": "IMG_1234(1).JPG", "photoTakenTime": {"timestamp": "1560000000"}}"#.utf8)),
                .init(folder + "dated.jpg.json", Array(#"{"title": "dated.jpg", "photoTakenTime": {"timestamp": "1"}}"#.utf8)),
                .init(folder + "gone.jpg.json", Array(#"{"title": "gone.jpg"}"#.utf8)),
                .init(folder + "broken.jpg.json", Array(#"{"title": "broken.jpg", "#.utf8)),
                .init("Takeout/Google Photos/Lisbon 2019/metadata.json", Array(#"{"title": "Lisbon 2019"}"#.utf8)),
            ])

        // MUT: the plan first (--dry-run), then the import, then the plan again
        let takeout = try Takeout(parts: [first, other])
        let plan = try ImportPlan.takeout(takeout, in: fixture.photos)
        let rowsAfterPlan = try fixture.rows(in: "photos")
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(takeout, in: fixture.library.uploadsFolder.path)
        let again = try ImportPlan.takeout(takeout, in: fixture.photos)

        // validate: the plan said what came, and wrote nothing
        #expect(plan.summary == "Would import 4 photos and 0 videos." && rowsAfterPlan == 0)
        #expect(again.summary == "Would import 4 photos and 0 videos; 4 of them are in the library already.")
        // each photo with what its own sidecar says, the file's own date kept over its sidecar's
        #expect(summary.imported.count == 4 && summary.refused.isEmpty, "\(summary.refused)")
        let photos = Dictionary(try fixture.photos.photos(ids: Array(1...4)).map { ($0.title, $0) }, uniquingKeysWith: { one, _ in one })
        let harbourPhoto = try #require(photos["IMG_1234"])
        #expect(
            harbourPhoto.takenAt == "2019-06-08T11:33:20" && harbourPhoto.takenOffset == 60,
            "the sidecar's 10:33:20 UTC on Lisbon's clock, summer time, where it was taken")
        #expect(harbourPhoto.latitude == 38.7071 && harbourPhoto.longitude == -9.1355 && harbourPhoto.description == "The harbour at dawn")
        #expect(harbourPhoto.placeID == PhotosFixture.lisbon.id, "placed by the sidecar's position")
        #expect(
            photos["IMG_1234(1)"]?.takenAt == "2019-06-08T13:20:00" && photos["IMG_1234(1)"]?.takenOffset == 0,
            "the counted photo has its own sidecar, without a position: its time stays UTC")
        #expect(photos["dated"]?.takenAt == "2019-06-09T08:00:00", "the file's own date wins")
        // what was not imported, each with why
        #expect(
            takeout.refused.map(\.source.path) == [
                "takeout-20250101T000000Z-001.zip: Takeout/Google Photos/../../x.jpg",
                "takeout-20250101T000000Z-002.zip: \(folder)broken.jpg.json",
            ])
        #expect(takeout.refused.map(\.reason).first == "its name climbs out of its folder (“..”)")
        #expect(takeout.refused.last?.reason.hasPrefix("this sidecar cannot be read (its photo is imported without it): ") == true)
        #expect(photos["broken"]?.takenAt == "2024-05-01T10:00:00", "imported with its own date, without the sidecar")
        #expect(takeout.unmatchedSidecars == [folder + "gone.jpg.json"])
        #expect(takeout.skipped.countsByExtension == ["txt": 1], "an album's metadata is read, not skipped")
        #expect(fixture.files(under: "cache/uploads").isEmpty, "each member's copy goes once it is imported")
    }

    @Test func aTakeoutsVideoWithoutATimeOrPlaceOfItsOwnTakesItsSidecars() throws {
        // setup: a clip whose file records neither when nor where, and its sidecar
        let folder = "Takeout/Google Photos/Photos from 2019/"
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init(folder + "VID_0001.mp4", try bytes(try TestClips.fadeIn()), stored: true),
                .init(
                    folder + "VID_0001.mp4.json",
                    Array(
                        #"""
                        {"title": "VID_0001.mp4", "photoTakenTime": {"timestamp": "1559990000"}, "geoDataExif": {"latitude": \#
                        38.7071, "longitude": -9.1355}}
                        """#.utf8)),
            ])

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(
            try Takeout(parts: [part]), in: fixture.library.uploadsFolder.path)

        // validate
        #expect(summary.importedItems.videos == 1, "\(summary.refused)")
        let video = try #require(try fixture.photos.photos(ids: [1]).first)
        #expect(video.isVideo && video.title == "VID_0001" && video.takenAt == "2019-06-08T11:33:20" && video.takenOffset == 60)
        #expect(video.latitude == 38.7071 && video.placeID == PhotosFixture.lisbon.id)
    }

    @Test func aPhotoInAnAlbumTooGetsWhatEitherOfItsSidecarsSays() throws {
        // setup: the same photo in its year's folder (a full sidecar) and in an album (a sparse
        // one), the album's copy first in the part
        let photo = try bytes(try fixture.draw("IMG_0101.jpg", seed: 5, takenAt: nil))
        let year = "Takeout/Google Photos/Photos from 2021/", album = "Takeout/Google Photos/Lisbon trip/"
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init(album + "IMG_0101.jpg", photo, stored: true),
                .init(
                    album + "IMG_0101.jpg.json", Array(#"{"title": "IMG_0101.jpg", "photoTakenTime": {"timestamp": "1623146000"}}"#.utf8)),
                .init(year + "IMG_0101.jpg", photo, stored: true),
                .init(
                    year + "IMG_0101.jpg.json",
                    Array(
                        #"""
                        {"title": "IMG_0101.jpg", "description": "Tram 28", "photoTakenTime": {"timestamp": "1623146000"},
                         "geoData": {"latitude": 38.7071, "longitude": -9.1355}}
                        """#.utf8)),
            ])

        // MUT: one worker, so the album's sparse copy is the one imported
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(
            try Takeout(parts: [part]), in: fixture.library.uploadsFolder.path)

        // validate: one item, with the year folder's position and description whichever copy made it
        #expect(summary.imported.count == 1 && summary.alreadyThere.count == 1)
        let stored = try #require(try fixture.photos.photos(ids: [1]).first)
        #expect(stored.latitude == 38.7071 && stored.description == "Tram 28" && stored.placeID == PhotosFixture.lisbon.id)
    }

    @Test func aPhotoNothingDatesIsFiledAtItsMembersTimeNeverTheImportsDay() throws {
        // setup: no date in the file, a sidecar without one, a member written on 1 March 2015
        let folder = "Takeout/Google Photos/Photos from 2015/"
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init(
                    folder + "scan.jpg", try bytes(try fixture.draw("scan.jpg", seed: 6, takenAt: nil)), stored: true,
                    modified: 1_425_207_600),
                .init(folder + "scan.jpg.json", Array(#"{"title": "scan.jpg", "description": "Grandma's house"}"#.utf8)),
            ])

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(
            try Takeout(parts: [part]), in: fixture.library.uploadsFolder.path)

        // validate: undated (Info says nothing false), filed in 2015, and the summary says why
        #expect(summary.imported.count == 1)
        let stored = try #require(try fixture.photos.photos(ids: [1]).first)
        #expect(stored.takenAt == nil && stored.description == "Grandma's house")
        let filed: String? = try fixture.library.database.read { try $0.fetchValue("SELECT sorted_at FROM photos WHERE id = 1") }
        #expect(filed == "2015-03-01T11:00:00")
        #expect(
            summary.warnings.map(\.warning) == [
                "nothing in it or beside it says when it was taken: it is filed at its file's time, 2015-03-01"
            ])
    }

    @Test func theTrashAndTheArchiveAreLeftOutWithWhyUnlessAskedFor() throws {
        // setup: a photo in the Takeout's trash folder (in French), one its sidecar says is archived, one kept
        let year = "Takeout/Google Photos/Photos from 2020/"
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init("Takeout/Google Photos/Corbeille/gone.jpg", try bytes(try fixture.draw("gone.jpg", seed: 11)), stored: true),
                .init(year + "old.jpg", try bytes(try fixture.draw("old.jpg", seed: 12)), stored: true),
                .init(year + "old.jpg.json", Array(#"{"title": "old.jpg", "archived": true}"#.utf8)),
                .init(year + "kept.jpg", try bytes(try fixture.draw("kept.jpg", seed: 13)), stored: true),
            ])
        let asked = try Takeout(parts: [part])

        // MUT
        let takeout = try Takeout(parts: [part])
        takeout.leaveOut(withTrash: false, withArchive: false)
        asked.leaveOut(withTrash: true, withArchive: true)

        // validate
        #expect(takeout.items.map(\.source.fileName) == ["kept.jpg"])
        #expect(
            takeout.leftOut.map(\.reason).sorted() == [
                "it was archived (--with-archive imports it)", "it was in the trash (--with-trash imports it)",
            ])
        #expect(asked.items.count == 3 && asked.leftOut.isEmpty)
    }

    @Test func aTakeoutsLocationHistoryIsKnownAndReadInPlaceNeverTakenForSidecars() throws {
        // setup: the older Records.json, a month of Semantic Location History (in German), settings
        let part = fixture.source.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init("Takeout/Location History/Records.json", Array(LocationHistoryTests.records.utf8)),
                .init("Takeout/Standortverlauf/Semantic Location History/2019/2019_JUNE.json", Array(LocationHistoryTests.semantic.utf8)),
                .init("Takeout/Location History/Settings.json", Array("{}".utf8)),
            ])

        // MUT
        let takeout = try Takeout(parts: [part])
        let histories = takeout.locationHistories

        // validate
        #expect(
            histories.map(\.name) == [
                "takeout-001.zip: Takeout/Location History/Records.json",
                "takeout-001.zip: Takeout/Standortverlauf/Semantic Location History/2019/2019_JUNE.json",
            ])
        #expect(try histories.map { try LocationHistory.points($0.bytes()).count } == [26, 2])
        #expect(takeout.unmatchedSidecars.isEmpty && takeout.skipped.countsByExtension == ["json": 1])
    }

    @Test func aPartThatIsNoZipIsNamedAndNothingIsImported() throws {
        let text = try fixture.write(Array("PK but not a zip".utf8), as: "takeout-001.zip")
        #expect(!Takeout.isZip(text))
        let fake = try fixture.write([0x50, 0x4B, 0x03, 0x04, 1, 2, 3], as: "takeout-002.zip")
        #expect(Takeout.isZip(fake))
        #expect(throws: ImportError.self) { try Takeout(parts: [fake]) }
        #expect(try fixture.rows(in: "photos") == 0)
    }
}

@Suite struct ImportPlanTests {
    @Test func aPlanOfFilesCountsKindsRepeatsAndWhatTheLibraryHasAndNamesWhatCannotBeRead() throws {
        let fixture = try PhotosFixture()
        let known = try fixture.draw("known.jpg", seed: 1)
        _ = fixture.importPhoto(known)
        let fresh = try fixture.draw("fresh.jpg", seed: 2)
        let copy = try fixture.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: fresh))), as: "copy of fresh.jpg")
        let clip = try fixture.write(Array("not really a video".utf8), as: "clip.mp4")
        // A Live Photo's halves (a still and a video of one name), and a Pixel's Motion Photo
        let still = try fixture.draw("IMG_0042.HEIC.jpg", seed: 3)
        let live = try fixture.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: still))) + [1], as: "IMG_0042.heic")
        let movie = try fixture.write(Array("its motion".utf8), as: "IMG_0042.MOV")
        let motion = try fixture.write(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: still))) + [2], as: "PXL_20230101_120000000.MP.jpg")
        // …and one a Takeout split: its still and its motion beside it, a pair as the import makes it
        let split = try fixture.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: still))) + [3], as: "PXL_20230102_090000000.MP.jpg")
        let splitMotion = try fixture.write(Array("its motion too".utf8), as: "PXL_20230102_090000000.MP")

        let plan = try ImportPlan.files(
            [
                known, fresh, copy, clip, live, movie, motion, split, splitMotion,
                fixture.source.appendingPathComponent("gone.jpg").path,
            ].map { ImportSource(path: $0) }, in: fixture.photos)

        #expect(
            plan.summary == "Would import 6 photos and 3 videos (among them 2 Live Photos (a still and its video each) and 1 Motion Photo);"
                + " 1 of them is in the library already, 1 comes twice.")
        #expect(plan.unreadable.map(\.source.fileName) == ["gone.jpg"])
    }
}
