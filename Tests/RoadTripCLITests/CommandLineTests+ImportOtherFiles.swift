import Foundation
import RoadTrip
import TestSupport
import Testing

/// `roadtrip import` on a real photo folder: sidecars, videos and notes beside the photos.
extension ImportCommandTests {
    /// Beside two photos (one in a nested folder, one with an upper-case name): 3 .xmp (no
    /// photo's sidecars), 1 .json, 1 .aae, 1 .avi, 1 .mts (videos RoadTrip does not take), a README
    /// and a .DS_Store.
    private static let otherFiles = ["a.xmp", "b.xmp", "day 2/c.XMP", "a.json", "IMG_1.AAE", "clip.avi", "day 2/00001.MTS", "README"]

    private func photoFolder() throws -> URL {
        let folder = photos.url.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("day 2"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: try photos.drawPhoto("one.jpg", seed: 1), toPath: folder.appendingPathComponent("IMG_1.JPG").path)
        try FileManager.default.moveItem(
            atPath: try photos.drawPhoto("two.png", format: .png, seed: 2),
            toPath: folder.appendingPathComponent("day 2/two.png").path)
        for name in Self.otherFiles + [".DS_Store"] {
            try Data("not a photo: \(name)".utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func aFolderWithOtherFilesImportsItsPhotosAndCountsTheRestOnOneLine() throws {
        // setup
        let folder = try photoFolder()

        // MUT
        let result = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("Imported 2, already there 0, refused 0."), "\(result.standardOutput)")
        let skipped = result.standardOutput.split(separator: "\n").filter { $0.contains("skipped") }
        #expect(
            skipped == [
                """
                skipped 5 other files: 2 videos (only MP4, MOV, M4V, 3GP, WebM and Matroska videos are imported), 1 .aae, 1 .json, \
                1 without extension
                """
            ],
            "\(skipped)")
        // the XMP sidecars are no photo's: said on their own line, each named
        #expect(
            result.standardOutput.contains(
                "XMP sidecars: 0 of 2 photos and videos had one; 3 had no photo.\n  no photo for \(folder.path)/a.xmp\n"),
            "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("  refused "), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("DS_Store"))
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(try Library(folder: URL(fileURLWithPath: data), readers: 1).photos.count == 2)
    }

    @Test func theSameFilesNamedOnTheirOwnAreRefusedWithTheirReasons() throws {
        // setup
        let folder = try photoFolder()
        let paths = Self.otherFiles.map { folder.appendingPathComponent($0).path }

        // MUT
        let result = try RoadTripProcess.run(["import"] + paths + ["--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("Imported 0, already there 0, refused 7."), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("skipped"))
        for path in paths {
            // A JSON file named on its own is taken for a location history, and is none.
            let reason =
                path.hasSuffix(".avi") || path.hasSuffix(".MTS")
                ? "a video in a form RoadTrip does not take"
                : path.hasSuffix(".json") ? "is not valid JSON: " : "not a photo or video RoadTrip takes"
            #expect(
                result.standardOutput.contains("refused \(path): ") && result.standardOutput.contains(reason),
                "\(path): \(result.standardOutput)")
        }
        let videoLine = result.standardOutput.split(separator: "\n").first { $0.contains("clip.avi") }
        #expect(
            videoLine?.contains("only MP4, MOV, M4V, 3GP, WebM and Matroska videos are imported") == true,
            "\(String(describing: videoLine))")
        #expect(result.standardError.contains("some files were not imported"))
    }

    @Test func anSVGNamedLikeAPhotoInsideAFolderIsStillRefused() throws {
        // setup
        let folder = try photoFolder()
        let svg = folder.appendingPathComponent("drawing.jpg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8).write(to: svg)

        // MUT
        let result = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("Imported 2, already there 0, refused 1."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("refused \(svg.path): not a photo or video RoadTrip takes"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("skipped 5 other files"))
    }

    @Test func aFolderWithNoPhotosSaysWhatItSkipped() throws {
        // setup
        let folder = photos.url.appendingPathComponent("sidecars")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("a.xmp"))

        // MUT
        let result = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "XMP sidecars: 0 of 0 photos and videos have one; 1 has no photo.\n  no photo for \(folder.path)/a.xmp\n")
        #expect(result.standardErrorLines == ["roadtrip: no photos to import"])
    }
}

extension ImportCommandTests {
    @Test func aPhonesFolderOfPhotosAndVideosImportsBothAndSaysHowMany() throws {
        // setup: a photo and a video named as an iPhone names it (its bytes an MP4: known by them, not the name).
        let folder = photos.url.appendingPathComponent("DCIM")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: try photos.drawPhoto("one.jpg", seed: 1), toPath: folder.appendingPathComponent("IMG_0001.JPG").path)
        try FileManager.default.copyItem(atPath: try TestClips.h264(), toPath: folder.appendingPathComponent("IMG_0002.MOV").path)

        // MUT
        let result = try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url)

        // validate
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("Imported 2 (1 photo and 1 video), already there 0, refused 0."), "\(result.standardOutput)")
    }

    @Test(arguments: [("2K", false), ("lots", false), ("99999999999999G", false), ("1M", true)])
    func theVideoSizeLimitMustBeASize(limit: String, isASize: Bool) throws {
        // MUT: a 2-second clip (tens of kilobytes) under a limit given on the command line
        let result = try RoadTripProcess.run(
            ["import", try TestClips.h264(), "--max-video-size", limit, "--data", data], scratch: scratch.url)

        // validate: an impossible size is a usage error; 1M is a size, and the clip is under it
        if !isASize {
            #expect(result.status == 64)
            #expect(
                result.standardError.contains("--max-video-size must be a size from 1M to 1024G (such as 500M or 4G), not '\(limit)'"),
                "\(result.standardError)")
        } else {
            #expect(
                result.status == 0 && result.standardOutput.contains("Imported 1 (1 video), already there 0, refused 0."),
                "\(result.standardOutput)")
        }
    }
}
