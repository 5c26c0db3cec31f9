import Crypto
import Foundation
import Imaging
import Testing
@testable import RoadTrip

@Suite struct PhotoRefusalTests {
    @Test func anythingButAnAcceptedImageIsRefusedWithItsReasonAndNothingIsStored() throws {
        // setup
        let fixture = try PhotosFixture()
        let good = try fixture.draw("good.jpg")
        var truncated = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
        truncated = Array(truncated.prefix(truncated.count / 2))
        let files = [
            try fixture.write(Array("just some notes\n".utf8), as: "notes.jpg"),
            try fixture.write(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64), as: "animation.gif"),
            try fixture.write(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), as: "drawing.svg"),
            try fixture.write([], as: "empty.jpg"),
            try fixture.write(truncated, as: "truncated.jpg"),
        ]

        // MUT
        let outcomes = files.map { fixture.importPhoto($0) }

        // validate
        let reasons = outcomes.map { $0.refusal ?? "" }
        #expect(reasons.allSatisfy { !$0.isEmpty }, "every file refused: \(outcomes)")
        #expect(reasons[0] == PhotoStore.notAccepted)
        #expect(reasons[1] == PhotoStore.notAccepted)
        #expect(reasons[2] == PhotoStore.notAccepted)
        #expect(reasons[4] == ImagingError.cutShortReason)
        #expect(try fixture.photos.count == 0)
        #expect(fixture.files(under: "originals").isEmpty)
        #expect(fixture.files(under: "cache").isEmpty)
    }

    @Test func anImageOverThePixelLimitIsRefusedBeforeItIsDecoded() throws {
        // setup: a library whose limit is 50,000 pixels, and a photo of 76,800
        let data = FreshDataFolder()
        let library = try Library(folder: data.url, readers: 1, processor: ImageProcessor(pixelLimit: 50_000))
        let fixture = try PhotosFixture()
        let path = try fixture.draw("big.jpg", width: 320, height: 240)

        // MUT
        let outcome = library.photos.importPhoto(at: path, fileName: "big.jpg", by: nil)

        // validate
        #expect(outcome.refusal == "320 × 240 pixels is over the limit of 50000 pixels")
        #expect(try library.photos.count == 0)
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("originals").path))
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("cache").path))
    }

    @Test func aBatchGoesOnPastARefusal() throws {
        // setup
        let fixture = try PhotosFixture()
        let sources = [
            ImportSource(path: try fixture.draw("one.jpg", seed: 1)),
            ImportSource(path: try fixture.write(Array("not a photo".utf8), as: "two.jpg")),
            ImportSource(path: try fixture.draw("three.png", format: .png, seed: 3)),
            ImportSource(path: try fixture.draw("one again.jpg", seed: 1)),
        ]

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 2).run(sources)

        // validate
        #expect(
            summary.imported.map(\.fileName).sorted() == ["one.jpg", "three.png"]
                || summary.imported.map(\.fileName).sorted() == ["one again.jpg", "three.png"])
        #expect(summary.alreadyThere.count == 1)
        #expect(summary.refused.map(\.source.fileName) == ["two.jpg"])
        #expect(summary.refused.first?.reason == PhotoStore.notAccepted)
        #expect(try fixture.photos.count == 2)
    }

    @Test func anImportKilledAfterStoringTheOriginalIsFinishedByTheNextWithoutDuplicates() throws {
        // setup: what a kill between the rename of the original and its row leaves behind
        let fixture = try PhotosFixture()
        let path = try fixture.draw("a.jpg", at: Spot.centralPark)
        let (digest, copy) = try fixture.photos.files.stageOriginal(from: path)
        try fixture.photos.files.storeOriginal(copy, sha256: digest, format: .jpeg)
        let stray = fixture.data.url.appendingPathComponent("originals/\(digest.prefix(2))/.\(digest).jpg.123.tmp").path
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: stray))

        // MUT
        let outcome = fixture.importPhoto(path)

        // validate
        #expect(outcome.photo?.sha256 == digest)
        if case .imported = outcome {} else { Issue.record("expected imported, got \(outcome)") }
        #expect(try fixture.photos.count == 1)
        #expect(fixture.files(under: "originals").filter { !$0.hasSuffix(".tmp") }.count == 1)
        #expect(try fixture.photos.place(id: PhotosFixture.newYork.id)?.photoCount == 1)
    }
}
