import TestSupport
import Testing
@testable import Imaging

@Suite struct WebPContainerTests {
    @Test func metadataChunksAreRemovedAndThePictureStays() throws {
        // setup: libvips 8.14.1 writes an EXIF chunk into every WebP it saves
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(in: folder, format: .webp, width: 90, height: 60)
        let original = try TestPhotos.bytes(at: path)
        // MUT
        let stripped = try original.withUnsafeBytes { try WebPContainer.removingMetadata($0) }
        // validate
        #expect(TestPhotos.contains(original, "EXIF"))
        #expect(!TestPhotos.contains(stripped, "EXIF"))
        #expect(!TestPhotos.contains(stripped, "Opera House"))
        let copy = try folder.write(stripped, to: "stripped.webp")
        let inspected = try ImageProcessor().inspect(fileAt: copy)
        #expect(inspected.header == ImageHeader(format: .webp, width: 90, height: 60, orientation: 1))
        #expect(inspected.metadata == PhotoMetadata())
    }

    @Test func theVP8XFlagsNoLongerAnnounceExif() throws {
        // setup
        let folder = try TemporaryFolder()
        let original = try TestPhotos.bytes(at: TestPhotos.make(in: folder, format: .webp, width: 16, height: 16))
        // MUT
        let stripped = try original.withUnsafeBytes { try WebPContainer.removingMetadata($0) }
        // validate: RIFF, size, WEBP, then the VP8X chunk whose first payload byte holds the flags
        #expect(stripped[12..<16].elementsEqual("VP8X".utf8))
        #expect(original[20] & 0x08 != 0)
        #expect(stripped[20] & 0x08 == 0)
        let riffSize = stripped[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == stripped.count - 8)
    }

    @Test(arguments: [[], Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), Array("RIFF\u{4}\u{0}\u{0}\u{0}WEBPVP8 \u{FF}\u{0}\u{0}\u{0}".utf8)])
    func somethingThatIsNotWebPIsRefused(bytes: [UInt8]) {
        // MUT
        let error = #expect(throws: ImagingError.self) { try bytes.withUnsafeBytes { try WebPContainer.removingMetadata($0) } }
        // validate
        #expect(error?.kind == .writeFailed)
    }
}
