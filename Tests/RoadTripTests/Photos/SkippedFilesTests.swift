import Testing
@testable import RoadTrip

@Suite struct SkippedFilesTests {
    private func skipped(_ names: [String]) -> SkippedFiles {
        var files = SkippedFiles()
        for name in names { files.add(fileName: name) }
        return files
    }

    @Test func namesAreSortedByKindIgnoringCase() {
        #expect(ImportFileKind(fileName: "IMG_1.JPG") == .image)
        #expect(ImportFileKind(fileName: "a.HeIf") == .image)
        #expect(ImportFileKind(fileName: "clip.MOV") == .video)
        #expect(ImportFileKind(fileName: "clip.3gp") == .video)
        #expect(ImportFileKind(fileName: "tape.AVI") == .otherVideo)
        #expect(ImportFileKind(fileName: "00001.mts") == .otherVideo)
        #expect(ImportFileKind(fileName: "IMG_1.jpg.xmp") == .other)
        #expect(ImportFileKind(fileName: "README") == .other)
        #expect(ImportFileKind(fileName: "drawing.svg") == .other)
    }

    @Test func nothingSkippedHasNoLine() {
        #expect(SkippedFiles().summary == nil)
    }

    @Test func theMostCommonKindsAreNamedAndTheRestSummedUp() {
        let files = skipped(Array(repeating: "a.xmp", count: 9) + ["a.json", "b.json", "c.aae", "d.txt", "README"])

        #expect(files.summary == "skipped 14 other files: 9 .xmp, 2 .json, 1 .aae, 2 more")
    }

    @Test func oneKindLeftOverIsNamedRatherThanCountedAsMore() {
        let files = skipped(["a.xmp", "b.xmp", "a.json", "c.aae", "README"])

        #expect(files.summary == "skipped 5 other files: 2 .xmp, 1 .aae, 1 .json, 1 without extension")
    }

    @Test func videosNotTakenAreOneGroupAlwaysNamedWithWhy() {
        let files = skipped(["a.xmp", "b.xmp", "c.xmp", "a.json", "b.json", "c.aae", "d.txt", "tape.AVI"])

        #expect(
            files.summary
                == """
                skipped 8 other files: 1 video (only MP4, MOV, M4V, 3GP, WebM and Matroska videos are imported), 3 .xmp, 2 .json, 2 more
                """
        )
    }

    @Test func oneFileIsSingular() {
        #expect(skipped(["README"]).summary == "skipped 1 other file: 1 without extension")
    }
}
