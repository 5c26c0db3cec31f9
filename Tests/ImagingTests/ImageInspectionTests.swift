import Foundation
import TestSupport
import Testing
@testable import Imaging

@Suite struct ImageInspectionTests {
    private let processor = ImageProcessor()

    @Test(arguments: ImageFormat.allCases)
    func theHeaderGivesFormatAndStoredSize(format: ImageFormat) throws {
        // setup
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(in: folder, format: format, width: 120, height: 90)
        // MUT
        let header = try processor.inspect(fileAt: path).header
        // validate
        #expect(header == ImageHeader(format: format, width: 120, height: 90, orientation: 1))
        #expect(header.displayWidth == 120)
        #expect(header.displayHeight == 90)
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp])
    func orientationSixSwapsTheDisplaySize(format: ImageFormat) throws {
        // setup
        let folder = try TemporaryFolder()
        let metadata = PhotoMetadata(orientation: 6)
        let path = try TestPhotos.make(in: folder, format: format, width: 120, height: 90, metadata: metadata)
        // MUT
        let header = try processor.inspect(fileAt: path).header
        // validate
        #expect(header.width == 120 && header.height == 90)
        #expect(header.orientation == 6)
        #expect(header.displayWidth == 90 && header.displayHeight == 120)
    }

    @Test func heicIsShownAsLibheifDecodesItWhateverItsExifSays() throws {
        // setup: in HEIF the container's own irot/imir boxes turn the picture and libheif
        // applies them while decoding; a viewer ignores the EXIF Orientation tag there
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(
            in: folder, format: .heic, width: 120, height: 90,
            metadata: PhotoMetadata(orientation: 6))
        // MUT
        let inspected = try processor.inspect(fileAt: path)
        // validate
        #expect(inspected.metadata.orientation == 6)
        #expect(inspected.header.orientation == 1)
        #expect(inspected.header.displayWidth == 120 && inspected.header.displayHeight == 90)
    }

    @Test func aHeaderClaimingTooManyPixelsIsRefusedWithoutDecoding() throws {
        // setup: no pixel data at all, so decoding would fail as corrupt, not refuse
        let folder = try TemporaryFolder()
        let path = try folder.write(TestPhotos.pngHeaderOnly(width: 20_000, height: 20_000), to: "huge.png")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error?.kind == .tooManyPixels)
        #expect(error?.description == "20000 × 20000 pixels is over the limit of 100 megapixels")
    }

    @Test func theLimitIsTheProcessorsOwn() throws {
        // setup
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(in: folder, width: 400, height: 300)
        let strict = ImageProcessor(pixelLimit: 119_999)
        // MUT
        let error = #expect(throws: ImagingError.self) { try strict.inspect(fileAt: path) }
        // validate
        #expect(error?.kind == .tooManyPixels)
        #expect(error?.description == "400 × 300 pixels is over the limit of 119999 pixels")
        #expect(throws: Never.self) { try ImageProcessor(pixelLimit: 120_000).inspect(fileAt: path) }
    }

    @Test func aTextFileNamedJpgIsNotAnImage() throws {
        // setup
        let folder = try TemporaryFolder()
        let path = try folder.write(Array("Day 1: drove to the coast.\n".utf8), to: "notes.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error == ImagingError(.notAnImage, "not a JPEG, PNG, WebP or HEIC image"))
    }

    @Test func aGifIsNotAccepted() throws {
        // setup: a real 1×1 GIF, which libvips itself could read
        let folder = try TemporaryFolder()
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [
                1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
                0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B,
            ]
        let path = try folder.write(gif, to: "photo.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error?.kind == .notAnImage)
    }

    @Test func anEmptyFileIsNotAnImage() throws {
        // setup
        let folder = try TemporaryFolder()
        let path = try folder.write([], to: "empty.png")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error?.kind == .notAnImage)
    }

    @Test func aMissingFileIsUnreadableAndTheMessageHidesThePath() throws {
        // setup
        let folder = try TemporaryFolder()
        let path = folder.file("secret-holiday.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error == ImagingError(.unreadable, "cannot read the file: No such file or directory"))
    }

    @Test func aFolderIsUnreadable() throws {
        // setup
        let folder = try TemporaryFolder()
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: folder.path) }
        // validate
        #expect(error == ImagingError(.unreadable, "cannot read the file: Is a directory"))
    }

    @Test func aJpegSignatureFollowedByGarbageIsCorrupt() throws {
        // setup
        let folder = try TemporaryFolder()
        let path = try folder.write([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x5A, count: 200), to: "broken.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) { try processor.inspect(fileAt: path) }
        // validate
        #expect(error?.kind == .corrupt)
        #expect(error?.description == ImagingError.cutShortReason, "204 bytes: the picture has barely begun")
        #expect(error?.detail.contains(folder.path) == false)
    }

    @Test func aFileNameEndingInBracketsIsReadAsAName() throws {
        // setup: libvips would take "[...]" at the end of a file name as load options
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(in: folder, named: "beach[shrink=2]", width: 80, height: 60)
        // MUT
        let header = try processor.inspect(fileAt: path).header
        // validate
        #expect(header.width == 80 && header.height == 60)
    }
}
