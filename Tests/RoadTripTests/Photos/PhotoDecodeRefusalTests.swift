import Foundation
@testable import Imaging
import Testing
@testable import RoadTrip

/// Refusals that only a decode finds: the file's data is incomplete, or decoding it needs more
/// memory than the processor's budget.
@Suite struct PhotoDecodeRefusalTests {
    @Test func aCutJpegClaiming10000By10000IsRefusedAsDamagedAndNothingIsStored() throws {
        // setup: its header is whole; its data stops after 20 KB and an end marker follows
        let fixture = try PhotosFixture()
        let whole = try fixture.write([], as: "whole.jpg")
        try FlatPicture.write(to: whole, format: .jpeg, width: 10_000, height: 10_000, bits: 8)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(20_000))
        let cut = try fixture.write(head + [0xFF, 0xD9], as: "cut.jpg")
        // MUT
        let outcome = fixture.importPhoto(cut)
        // validate
        #expect(outcome.refusal == "the file ends before the picture does: it was copied or downloaded only in part")
        #expect(try fixture.photos.count == 0)
        #expect(fixture.files(under: "originals").isEmpty)
        #expect(fixture.files(under: "cache").isEmpty)
    }

    @Test func aPhotoNeedingMoreMemoryThanTheBudgetIsRefusedWithHowMuch() throws {
        // setup: a budget of 16 MB, below what any decode is reckoned to take
        let data = FreshDataFolder()
        let processor = ImageProcessor(decodeBudget: DecodeBudget(capacity: 16 << 20, longestWait: .zero))
        let library = try Library(folder: data.url, readers: 1, processor: processor)
        let fixture = try PhotosFixture()
        let path = try fixture.draw("small.jpg", width: 320, height: 240)
        // MUT
        let outcome = library.photos.importPhoto(at: path, fileName: "small.jpg", by: nil)
        // validate
        #expect(outcome.refusal?.hasPrefix("decoding it needs about 33 MB of memory, more than the 16 MB this server allows") == true)
        #expect(try library.photos.count == 0)
    }
}
