import Foundation
@testable import RoadTrip
import Testing
import TestSupport

/// An iCloud Photos export as privacy.apple.com gives it (its parts unpacked): photos, their
/// details in `Photo Details.csv`, albums in `Albums/*.csv`.
@Suite struct ICloudExportTests {
    @Test func commaSeparatedValuesAreReadAsRFC4180SaysAndBrokenOnesRefused() throws {
        // MUT
        let rows = try CSVReader.rows(Array("\u{FEFF}a,\"b, \"\"quoted\"\"\",c\r\n\r\n\"two\nlines\",,\n".utf8))

        // validate
        #expect(rows == [["a", "b, \"quoted\"", "c"], ["two\nlines", "", ""]])
        #expect(throws: CSVReader.Failure.self) { try CSVReader.rows(Array("a,\"open\n".utf8)) }
        #expect(throws: CSVReader.Failure.self) { try CSVReader.rows(Array(String(repeating: "x", count: 5000).utf8)) }
        #expect(throws: CSVReader.Failure.self) { try CSVReader.rows([0x61, 0xFF, 0x0A]) }
    }

    @Test(arguments: [
        ("Sunday August 18,2019 11:21 AM GMT", Int64?(1_566_127_260)),
        ("Monday May 4,2020 12:05 AM GMT", 1_588_550_700),
        ("Monday May 4,2020 12:05 PM GMT", 1_588_593_900),
        ("Friday February 30,2019 11:21 AM GMT", nil),
        ("August 18 2019", nil),
        ("Sunday August 999999999999999999,2019 11:21 AM GMT", nil),
    ])
    func creationDatesAreInstantsInUTC(text: String, seconds: Int64?) {
        #expect(ICloudExport.instant(text) == seconds)
    }

    @Test func anExportsDetailsDateItsPhotosItsTrashIsLeftOutAndItsAlbumsBecomeVacations() throws {
        // setup: three photos without dates; one recently deleted, one hidden; an album of two
        let fixture = try PhotosFixture()
        let anna = try fixture.account("anna").id
        let root = fixture.source.appendingPathComponent("iCloud Photos")
        let photos = root.appendingPathComponent("Photos"), albums = root.appendingPathComponent("Albums")
        for folder in [photos, albums] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for (index, name) in ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"].enumerated() {
            try FileManager.default.moveItem(
                atPath: try fixture.draw(name, seed: UInt64(index + 1), takenAt: nil), toPath: photos.appendingPathComponent(name).path)
        }
        try Data(
            """
            imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate
            IMG_0001.JPG,AbC=,yes,no,no,"Sunday June 9,2019 8:00 PM GMT",2,"Sunday June 9,2019 8:00 PM GMT"
            IMG_0002.JPG,DeF=,no,no,yes,"Monday June 10,2019 9:00 AM GMT",0,"Monday June 10,2019 9:00 AM GMT"
            IMG_0003.JPG,GhI=,no,yes,no,"Tuesday June 11,2019 9:00 AM GMT",0,"Tuesday June 11,2019 9:00 AM GMT"

            """.utf8
        ).write(to: photos.appendingPathComponent("Photo Details.csv"))
        try Data("Images\nIMG_0001.JPG\nIMG_0003.JPG\nIMG_9999.JPG\n".utf8).write(to: albums.appendingPathComponent("Summer in Lisbon.csv"))
        try Data("imgName\n\"unclosed\n".utf8).write(to: photos.appendingPathComponent("Photo Details-1.csv"))

        // MUT: the hidden photo asked for, the deleted one not
        var selection = ImportSelection(paths: [root.path])
        let export = ICloudExport(files: selection.exportFiles)
        let exportAlbums = export.apply(to: &selection, withTrash: false, withArchive: true)
        let run = try fixture.library.imports.begin(source: selection.label, key: selection.key, by: anna)
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(selection.found, by: anna, recorder: run)
        let made = try fixture.library.imports.makeVacations(of: exportAlbums, for: anna, recorder: run)

        // validate: dated by the export (UTC: no position), the deleted one left out with why, the
        // broken list named, the album a vacation of the two that came
        #expect(selection.exportFiles.count == 3 && selection.skipped.count == 0, "the lists are read, not skipped")
        #expect(selection.leftOut.map(\.reason) == ["it was recently deleted in iCloud (--with-trash imports it)"])
        #expect(
            export.refused.map(\.reason).first?.hasPrefix(
                "this list of the iCloud export cannot be read: line 2: a quoted field is never closed") == true)
        #expect(summary.imported.count == 2)
        let stored = Dictionary(try fixture.photos.photos(ids: [1, 2]).map { ($0.title, $0) }, uniquingKeysWith: { one, _ in one })
        #expect(stored["IMG_0001"]?.takenAt == "2019-06-09T20:00:00" && stored["IMG_0001"]?.takenOffset == 0)
        #expect(stored["IMG_0003"]?.takenAt == "2019-06-11T09:00:00")
        #expect(made == [ImportedAlbum(album: "Summer in Lisbon", vacation: "Summer in Lisbon", added: 2, problem: nil)])
    }
}
