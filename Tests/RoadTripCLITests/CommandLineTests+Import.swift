import Crypto
import Foundation
import Imaging
import RoadTrip
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `roadtrip import`, run as a person runs it.
@Suite struct ImportCommandTests {
    let scratch: TemporaryFolder
    let photos: TemporaryFolder

    init() throws {
        scratch = try TemporaryFolder("roadtrip-cli-tests")
        photos = try TemporaryFolder("roadtrip-cli-photos")
    }

    var data: String { scratch.url.appendingPathComponent("data").path }

    @Test func aDamagedFileIsRefusedInRoadTripsWordsWithoutTheImageLibrarysWarnings() throws {
        // setup: a PNG with a byte of its pixel data changed (libvips warned "error in tile 0 x 0"
        // on standard error) and a JPEG cut in half
        var png = try Data(contentsOf: URL(fileURLWithPath: try photos.drawPhoto("whole.png", format: .png, seed: 3)))
        png[png.count / 2] ^= 0xFF
        let cutPNG = photos.url.appendingPathComponent("damaged.png")
        try png.write(to: cutPNG)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: try photos.drawPhoto("whole.jpg", format: .jpeg, seed: 4)))
        let cutJPEG = photos.url.appendingPathComponent("cut.jpg")
        try jpeg.prefix(jpeg.count / 2).write(to: cutJPEG)

        // MUT
        let result = try RoadTripProcess.run(["import", cutPNG.path, cutJPEG.path, "--data", data], scratch: scratch.url)

        // validate: each refusal once, in a person's words; nothing of the library's own
        #expect(result.standardOutput.contains("Imported 0, already there 0, refused 2."))
        for file in [cutPNG, cutJPEG] {
            #expect(
                result.standardOutput.contains(
                    "refused \(file.path): the file ends before the picture does: it was copied or downloaded only in part")
                    || result.standardOutput.contains("refused \(file.path): the picture's data is damaged, and RoadTrip cannot read it"),
                "\(result.standardOutput)")
        }
        for word in ["VIPS", "vips", "libpng", "Premature"] {
            #expect(
                !(result.standardOutput + result.standardError).contains(word),
                "\(word) in \(result.standardOutput) \(result.standardError)")
        }
    }

    @Test func importTakesFilesAndFoldersShowsProgressAndSumsUpWithReasons() throws {
        // setup: a folder with a nested folder, a hidden file, a bad file; and one file named directly
        let folder = photos.url.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("day 2"), withIntermediateDirectories: true)
        for (index, name) in ["one.jpg", "day 2/two.png", ".hidden.jpg"].enumerated() {
            try FileManager.default.moveItem(
                atPath: try photos.drawPhoto(
                    "p\(index).\(name.hasSuffix("png") ? "png" : "jpg")",
                    format: name.hasSuffix("png") ? .png : .jpeg, seed: UInt64(index + 1)),
                toPath: folder.appendingPathComponent(name).path)
        }
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("notes.jpg"))
        let single = try photos.drawPhoto("single.webp", format: .webp, seed: 9)

        // MUT
        let first = try RoadTripProcess.run(["import", folder.path, single, "--data", data], scratch: scratch.url)
        let again = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        #expect(first.status == 2)
        #expect(first.standardOutput.contains("[########################] 4/4"))
        #expect(first.standardOutput.contains("photos/s"))
        #expect(first.standardOutput.contains("Imported 3, already there 0, refused 1."))
        #expect(first.standardOutput.contains("refused \(folder.path)/notes.jpg: not a photo or video RoadTrip takes"))
        #expect(first.standardError.contains("some files were not imported"))
        #expect(again.standardOutput.contains("Imported 0, already there 2, refused 1."))
        let library = try Library(folder: URL(fileURLWithPath: data), readers: 1)
        #expect(try library.photos.count == 3)
    }

    @Test func aMissingPathIsNamedAndTheRestIsImported() throws {
        // setup
        let photo = try photos.drawPhoto("a.jpg")

        // MUT
        let result = try RoadTripProcess.run(["import", "/nonexistent/photos", photo, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/photos: no such file or folder"))
        #expect(result.standardOutput.contains("Imported 1, already there 0, refused 0."))
    }

    @Test func aTakeoutsPartsArePlannedThenImportedWithTheirSidecarsAndWhatIsLeftOutIsNamed() throws {
        // setup: a photo and its edited copy in one part, their sidecar in the other with a sidecar whose photo is not there
        let folder = "Takeout/Google Photos/Trip/"
        let photo = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try photos.drawPhoto("a.jpg"))))
        let edited = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try photos.drawPhoto("b.jpg", seed: 2))))
        let first = photos.url.appendingPathComponent("takeout-001.zip").path,
            second = photos.url.appendingPathComponent("takeout-002.zip").path
        try TestZip.write(
            first,
            [
                .init(folder + "IMG_0001.jpg", photo, stored: true), .init(folder + "IMG_0001-edited.jpg", edited, stored: true),
                .init(folder + "readme.txt", Array("x".utf8)),
            ])
        try TestZip.write(
            second,
            [
                .init(
                    folder + "IMG_0001.jpg.supplemental-metadata.json", Array(#"{"title": "IMG_0001.jpg", "description": "Hello"}"#.utf8)),
                .init(folder + "lost.jpg.json", Array("{}".utf8)),
                .init(folder + "metadata.json", Array(#"{"title": "Trip to Porto"}"#.utf8)),
            ])

        // MUT
        let planned = try RoadTripProcess.run(["import", first, second, "--dry-run", "--data", data], scratch: scratch.url)
        let imported = try RoadTripProcess.run(["import", first, second, "--data", data], scratch: scratch.url)
        let runs = try RoadTripProcess.run(["import", "--runs", "--data", data], scratch: scratch.url)
        let undone = try RoadTripProcess.run(["import", "--undo", "1", "--data", data], scratch: scratch.url)
        let again = try RoadTripProcess.run(["import", "--undo", "1", "--data", data], scratch: scratch.url)
        let unknown = try RoadTripProcess.run(["import", "--undo", "one", "--data", data], scratch: scratch.url)

        // validate
        #expect(
            planned.status == 0
                && planned.standardOutput == """
                    From the Takeout (2 parts):
                    Would import 2 photos and 0 videos (among them 1 edited copy kept with its original as one item).
                    skipped 1 other file: 1 .txt
                    Sidecars: 2 of 2 photos and videos have one; 1 has no photo.
                      no photo for Takeout/Google Photos/Trip/lost.jpg.json
                    Albums: 1 would become vacations only of an account's (name one with --user): “Trip to Porto” (1).
                    Nothing was imported (--dry-run).

                    """,
            "\(planned.standardOutput)")
        #expect(
            imported.status == 0
                && imported.standardOutput.contains(
                    """
                    From the Takeout (2 parts):
                    Import run 1 (`roadtrip import --undo 1` undoes it).
                    Imported 2, already there 0, refused 0.
                    Edited copies: 1 kept as one item with its original (the edited version shown where the library had no original before).
                    skipped 1 other file: 1 .txt
                    Sidecars: 2 of 2 photos and videos had one; 1 had no photo.
                      no photo for Takeout/Google Photos/Trip/lost.jpg.json
                    Albums: 1 not made into vacations: there is no account to own them (name one with --user).
                    """),
            "\(imported.standardOutput)")
        #expect(
            runs.status == 0 && runs.standardOutput.hasPrefix("1  ")
                && runs.standardOutput.hasSuffix("  Google Takeout, 2 parts: 1 new, 0 already there\n"),
            "\(runs.standardOutput)")
        #expect(
            undone.status == 0 && undone.standardOutput == "Undid import run 1: removed 1 photo or video.\n", "\(undone.standardOutput)")
        #expect(again.status == 1 && again.standardError.contains("import run 1 was undone already"), "\(again.standardError)")
        #expect(unknown.status == 64 && unknown.standardError.contains("--undo takes an import run's number"))
    }

    @Test func aPhotoImportedBeforeIsGivenWhatItLackedFromItsTakeoutSidecarAndTheReportSaysWhat() throws {
        // setup: the photo imported first as a file; then its Takeout, whose sidecar has a caption
        let path = try photos.drawPhoto("IMG_0001.jpg")
        let part = photos.url.appendingPathComponent("takeout-001.zip").path
        try TestZip.write(
            part,
            [
                .init("Takeout/Google Photos/Trip/IMG_0001.jpg", [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), stored: true),
                .init("Takeout/Google Photos/Trip/IMG_0001.jpg.json", Array(#"{"title": "IMG_0001.jpg", "description": "Hello"}"#.utf8)),
            ])
        _ = try RoadTripProcess.run(["import", path, "--data", data], scratch: scratch.url)

        // MUT
        let imported = try RoadTripProcess.run(["import", part, "--data", data], scratch: scratch.url)

        // validate
        #expect(
            imported.status == 0
                && imported.standardOutput.contains(
                    """
                    Imported 0, already there 1, refused 0.
                    Of those already there, 1 lacked what their export gives and were given it:
                      takeout-001.zip: Takeout/Google Photos/Trip/IMG_0001.jpg: its caption
                    """),
            "\(imported.standardOutput)")
        #expect(try Library(folder: URL(fileURLWithPath: data), readers: 1).photos.photo(id: 1)?.description == "Hello")
    }

    @Test func anICloudExportsRecentlyDeletedIsLeftOutWithWhyAndItsDetailsAreSaid() throws {
        // setup: two photos of an export, one recently deleted
        let folder = photos.url.appendingPathComponent("iCloud Photos/Photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in ["IMG_0001.JPG", "IMG_0002.JPG"].enumerated() {
            try FileManager.default.moveItem(
                atPath: try photos.drawPhoto("p\(index).jpg", seed: UInt64(index + 1)), toPath: folder.appendingPathComponent(name).path)
        }
        try Data(
            """
            imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate
            IMG_0001.JPG,AbC=,no,no,no,"Sunday June 9,2019 8:00 PM GMT",2,"Sunday June 9,2019 8:00 PM GMT"
            IMG_0002.JPG,DeF=,no,no,yes,"Monday June 10,2019 9:00 AM GMT",0,"Monday June 10,2019 9:00 AM GMT"
            """.utf8
        ).write(to: folder.appendingPathComponent("Photo Details.csv"))

        // MUT
        let planned = try RoadTripProcess.run(["import", folder.path, "--dry-run", "--data", data], scratch: scratch.url)
        let imported = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        let deleted = "  \(folder.path)/IMG_0002.JPG: it was recently deleted in iCloud (--with-trash imports it)\n"
        #expect(
            planned.standardOutput.contains("Would leave out 1, in the export's trash or archive:\n" + deleted), "\(planned.standardOutput)"
        )
        #expect(planned.standardOutput.contains("iCloud export: 1 of 1 photos and videos are in its Photo Details.\n"))
        #expect(
            imported.status == 0 && imported.standardOutput.contains("Imported 1, already there 0, refused 0."),
            "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("Left out 1, in the export's trash or archive:\n" + deleted))
        #expect(imported.standardOutput.contains("iCloud export: 1 of 1 photos and videos were in its Photo Details.\n"))
    }

    @Test func aLocationHistoryNamedOnItsOwnBecomesTracksOfARunThatUndoTakesBack() throws {
        // setup: the newer Timeline export, over two days, and a JSON file that is none
        let timeline = photos.url.appendingPathComponent("Timeline.json").path
        try Data(
            """
            {"semanticSegments": [{"timelinePath": [{"point": "38.7071°, -9.1355°", "time": "2024-05-01T10:00:00.000+01:00"},
                                                    {"point": "38.7081°, -9.1345°", "time": "2024-05-02T10:20:00.000+01:00"}]}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: timeline))
        let other = photos.url.appendingPathComponent("other.json").path
        try Data("[]".utf8).write(to: URL(fileURLWithPath: other))

        // MUT
        let imported = try RoadTripProcess.run(["import", timeline, other, "--data", data], scratch: scratch.url)
        let runs = try RoadTripProcess.run(["import", "--runs", "--data", data], scratch: scratch.url)
        let undone = try RoadTripProcess.run(["import", "--undo", "1", "--data", data], scratch: scratch.url)

        // validate
        #expect(imported.status == 2, "a file refused: \(imported.standardOutput)")
        #expect(
            imported.standardOutput == """
                Import run 1 (`roadtrip import --undo 1` undoes it).
                Location history: 2 tracks, one a day (2 new); placed 0 photos that had no position.
                  refused \(other): holds no point with a position and a time: it is no location history

                """, "\(imported.standardOutput)")
        #expect(runs.standardOutput.hasSuffix(": 0 new, 0 already there, 2 tracks\n"), "the run names what it made: \(runs.standardOutput)")
        #expect(
            undone.standardOutput == "Undid import run 1: removed 0 photos and videos and 2 tracks (and the positions they gave).\n",
            "\(undone.standardOutput)")
        #expect(try Library(folder: URL(fileURLWithPath: data), readers: 1).tracks.all().isEmpty)
    }

    /// Before, the impossible latitude was dropped without a word; a warning is not a failure.
    @Test func aPhotoWithAnImpossibleEXIFFieldIsImportedWithoutItAndNamed() throws {
        // setup
        let photo = try photos.drawPhoto("IMG_1.jpg", at: (512, 10))

        // MUT
        let result = try RoadTripProcess.run(["import", photo, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("Imported 1, already there 0, refused 0."))
        #expect(result.standardOutput.contains("  \(photo): its GPS latitude 512° is not a position on Earth; imported without a position"))
    }

    @Test func importWithoutPathsIsAUsageError() throws {
        // MUT
        let result = try RoadTripProcess.run(["import", "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 64)
        #expect(result.standardError.contains("usage: roadtrip import PATH..."))
    }

    @Test func anImporterKilledMidwayLeavesAConsistentLibraryAndARerunFinishesWithoutDuplicates() throws {
        // setup: enough photos that the import is still running when it is killed
        let folder = photos.url.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<24 {
            let path = try photos.drawPhoto("m\(index).jpg", seed: UInt64(index + 100), width: 800, height: 600)
            try FileManager.default.moveItem(atPath: path, toPath: folder.appendingPathComponent("m\(index).jpg").path)
        }
        let running = try RoadTripProcess.start(["import", folder.path, "--data", data], scratch: scratch.url)
        let observer = try Library(folder: URL(fileURLWithPath: data), readers: 1)
        let deadline = Date().addingTimeInterval(60)
        while try observer.photos.count < 3, try running.isRunning, Date() < deadline { usleep(20_000) }

        // MUT: kill it, then look at what it left
        running.signal(SIGKILL)
        _ = try? running.waitForExit(within: 10)
        let rowsAfterKill = try observer.photos.count
        let photosAfterKill =
            try observer.photos.photos(in: .noLocation, limit: 100).photos
            + observer.photos.places(order: .byCountry)
            .flatMap { try observer.photos.photos(in: .place($0.id), limit: 100).photos }
        let rerun = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)
        let runs = try RoadTripProcess.run(["import", "--runs", "--data", data], scratch: scratch.url)

        // validate: every row written points at a whole original; the rerun continues the run,
        // passing over what it noted, and adds exactly the rest (a photo whose row was written
        // but not yet noted in the run when it was killed is found already there)
        #expect(rowsAfterKill >= 3 && rowsAfterKill < 24, "killed midway: \(rowsAfterKill) rows")
        for photo in photosAfterKill {
            let original = observer.photos.files.original(sha256: photo.sha256, format: photo.format)
            #expect(try FileDigest.sha256(ofFileAt: original) == photo.sha256)
        }
        #expect(rerun.status == 0, "\(rerun.standardOutput) \(rerun.standardError)")
        let continued = try #require(
            rerun.standardOutput.firstMatch(
                of: /Continued import run 1, which had stopped before its end: (\d+) done then were not read again./),
            "\(rerun.standardOutput)")
        let noted = try #require(Int(continued.1))
        #expect(noted <= rowsAfterKill && noted >= rowsAfterKill - 3, "at most one photo a worker between its row and its note")
        #expect(rerun.standardOutput.contains("Imported \(24 - rowsAfterKill), already there \(rowsAfterKill - noted), refused 0."))
        #expect(runs.standardOutput.hasPrefix("1  "), "one run, continued: \(runs.standardOutput)")
        #expect(runs.standardOutput.contains(": 24 new, 0 already there\n"), "\(runs.standardOutput)")
        #expect(try observer.photos.count == 24)
        let originals = try FileManager.default.subpathsOfDirectory(
            atPath: URL(fileURLWithPath: data).appendingPathComponent("originals").path
        )
        .filter { $0.hasSuffix(".jpg") && !$0.contains(".incoming") }
        #expect(originals.count == 24)
    }
}
