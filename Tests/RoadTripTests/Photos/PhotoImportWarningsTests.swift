import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// A photo whose EXIF holds an impossible position, orientation or date is imported without
/// that field, and the outcome says so (before, the field was dropped without a word).
@Suite struct PhotoImportWarningsTests {
    @Test(arguments: DatabaseEngine.allCases) func impossibleEXIFFieldsAreLeftOutAndNamedInTheOutcome(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let path = try fixture.draw("IMG_1.jpg", at: (512, 10), takenAt: "2023-04-31T10:00:00", orientation: 9)

        // MUT
        let outcome = fixture.importPhoto(path)

        // validate
        guard case .imported(let photo, let warnings) = outcome else { Issue.record("not imported: \(outcome)"); return }
        #expect(
            warnings == [
                "its date taken \"2023:04:31 10:00:00\" is not a real date and time; imported without a date",
                "its orientation 9 is not one of EXIF's 1 to 8; imported upright",
                "its GPS latitude 512° is not a position on Earth; imported without a position",
            ])
        #expect(photo.latitude == nil && photo.longitude == nil && photo.takenAt == nil && photo.orientation == 1)
    }

    @Test func aBatchListsEachFilesWarnings() throws {
        // setup
        let fixture = try PhotosFixture()
        let bad = try fixture.draw("IMG_1.jpg", at: (10, 181))
        let fine = try fixture.draw("IMG_2.jpg", seed: 2, at: (10, 20))

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run([ImportSource(path: bad), ImportSource(path: fine)])

        // validate
        #expect(summary.imported.count == 2)
        #expect(summary.warnings.map(\.source.fileName) == ["IMG_1.jpg"])
        #expect(summary.warnings.map(\.warning) == ["its GPS longitude 181° is not a position on Earth; imported without a position"])
    }

    @Test func aFileWithoutADateIsFiledAtItsFilesTimeAndTheBatchSaysSo() throws {
        // setup: a scan without EXIF, last changed on 1 March 2015
        let fixture = try PhotosFixture()
        let scan = try fixture.draw("scan.jpg", takenAt: nil)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_425_207_600)], ofItemAtPath: scan)

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run([ImportSource(path: scan)])

        // validate: still undated, but in 2015 on the timeline rather than on the import's day
        #expect(
            summary.warnings.map(\.warning) == [
                "nothing in it or beside it says when it was taken: it is filed at its file's time, 2015-03-01"
            ])
        let filed: String? = try fixture.library.database.read { try $0.fetchValue("SELECT sorted_at FROM photos WHERE taken_at IS NULL") }
        #expect(filed == "2015-03-01T11:00:00")
    }
}
