import Testing
import CVipsShim
import TestSupport
@testable import Imaging

/// A JPEG whose header claims 10000 × 10000 but whose data stops after 20 KB: the case libvips'
/// shrink-on-load let through when the cut file ended in an EOI marker.
@Suite struct CompletenessTests {
    private let processor = ImageProcessor()

    private func cut(_ folder: TemporaryFolder, endingInEOI: Bool) throws -> String {
        let whole = folder.file("whole.jpg")
        try FlatPicture.write(to: whole, format: .jpeg, width: 10_000, height: 10_000, bits: 8)
        let head = Array(try TestPhotos.bytes(at: whole).prefix(20_000))
        return try folder.write(head + (endingInEOI ? [0xFF, 0xD9] : []), to: "cut.jpg")
    }

    @Test func aCutJpegThatEndsInAnEndMarkerIsRefusedAsIncomplete() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try cut(folder, endingInEOI: true)
        #expect(try processor.inspect(fileAt: source).header.width == 10_000)
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.checkComplete(fileAt: source) }
        // validate
        #expect(error == ImagingError(.corrupt, ImagingError.cutShortReason, detail: "Corrupt JPEG data: premature end of data segment"))
    }

    @Test func aCutJpegWithoutAnEndIsRefusedAsIncomplete() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try cut(folder, endingInEOI: false)
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.checkComplete(fileAt: source) }
        // validate
        #expect(error == ImagingError(.corrupt, ImagingError.cutShortReason, detail: "Premature end of JPEG file"))
    }

    @Test(arguments: [false, true])
    func aWholeJpegIsComplete(progressive: Bool) throws {
        // setup
        let folder = try TemporaryFolder()
        let source = folder.file("whole.jpg")
        try FlatPicture.write(to: source, format: .jpeg, width: 3000, height: 2000, bits: 8, interlaced: progressive)
        // MUT / validate
        #expect(throws: Never.self) { try processor.checkComplete(fileAt: source) }
    }

    @Test func strayBytesBeforeTheEndMarkerAreNotDamage() throws {
        // setup: libjpeg warns of "extraneous bytes", which some cameras write; the picture is whole
        let folder = try TemporaryFolder()
        let whole = try TestPhotos.bytes(at: try TestPhotos.make(in: folder, width: 640, height: 480))
        let source = try folder.write(Array(whole.dropLast(2)) + [0, 0, 0, 0xFF, 0xD9], to: "stray.jpg")
        // MUT / validate
        #expect(throws: Never.self) { try processor.checkComplete(fileAt: source) }
    }

    @Test func aProgressiveJpegNeedingMoreThanItsGrantIsRefusedNotAllocated() throws {
        // setup: the same check with a cap below what libjpeg's coefficient buffers need
        let folder = try TemporaryFolder()
        let source = folder.file("progressive.jpg")
        try FlatPicture.write(to: source, format: .jpeg, width: 3000, height: 2000, bits: 8, interlaced: true)
        var error: UnsafeMutablePointer<CChar>?
        // MUT
        let outcome = source.withCString { rt_jpeg_check_complete($0, 1 << 20, &error) }
        // validate
        #expect(outcome == 1)
        #expect(Vips.detail(taking: error).contains("Backing store not supported"))
    }
}
