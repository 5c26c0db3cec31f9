import Foundation
import TestSupport
import Testing
@testable import Imaging

@Suite struct SyntheticPhotoTests {
    private let processor = ImageProcessor()

    @Test(arguments: ImageFormat.allCases)
    func everyFormatIsWrittenAtTheAskedSize(format: ImageFormat) throws {
        // setup: 1100 × 733 is enlarged from a smaller drawing, so rounding could shift a pixel
        let folder = try TemporaryFolder()
        let path = folder.file("odd.\(format.fileExtension)")
        // MUT
        try SyntheticPhoto.write(to: path, format: format, width: 1100, height: 733, metadata: PhotoMetadata(), seed: 3)
        // validate
        let header = try processor.inspect(fileAt: path).header
        #expect(header == ImageHeader(format: format, width: 1100, height: 733, orientation: 1))
    }

    @Test func theSameSeedMakesTheSameFile() throws {
        // setup
        let folder = try TemporaryFolder()
        // MUT
        let first = try TestPhotos.make(in: folder, named: "a.jpg", width: 1200, height: 900, seed: 42)
        let second = try TestPhotos.make(in: folder, named: "b.jpg", width: 1200, height: 900, seed: 42)
        let other = try TestPhotos.make(in: folder, named: "c.jpg", width: 1200, height: 900, seed: 43)
        // validate
        let bytes = try [first, second, other].map { try TestPhotos.bytes(at: $0) }
        #expect(bytes[0] == bytes[1])
        #expect(bytes[0] != bytes[2])
    }

    @Test func aJpegCompressesLikeAPhotoNotLikeNoiseOrAFlatColour() throws {
        // setup: camera JPEGs at quality 90 take roughly 0.5 to 4 bits per pixel; a flat picture
        // takes almost none, noise more than 8
        let folder = try TemporaryFolder()
        // MUT
        let path = try TestPhotos.make(in: folder, width: 2000, height: 1500, metadata: PhotoMetadata())
        // validate
        let size = try TestPhotos.bytes(at: path).count
        let bitsPerPixel = Double(size * 8) / Double(2000 * 1500)
        #expect((0.3...4.0).contains(bitsPerPixel), "\(bitsPerPixel) bits per pixel")
    }

    @Test func theExifSegmentComesFirst() throws {
        // setup
        let folder = try TemporaryFolder()
        // MUT
        let path = try TestPhotos.make(in: folder, width: 32, height: 32)
        // validate: SOI, then APP1 with its length, then the "Exif\0\0" mark
        let bytes = try TestPhotos.bytes(at: path)
        #expect(bytes[0..<4].elementsEqual([0xFF, 0xD8, 0xFF, 0xE1]))
        #expect(bytes[6..<12].elementsEqual(Array("Exif".utf8) + [0, 0]))
    }

    @Test func theExifSegmentFollowsAJfifHeader() throws {
        // setup: SOI, a 16-byte APP0 "JFIF", then the start of the frame
        let jfif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let jpeg = jfif + [0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9]
        // MUT
        let spliced = try jpeg.withUnsafeBytes { try JPEGSegments.inserting(app1: [1, 2, 3], into: $0) }
        // validate
        #expect(spliced == jfif + [0xFF, 0xE1, 0x00, 0x05, 1, 2, 3] + [0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9])
    }

    @Test(arguments: [(0, 10), (10, 0), (-5, 10)])
    func aSizeWithoutPixelsIsRefused(width: Int, height: Int) throws {
        // setup
        let folder = try TemporaryFolder()
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try SyntheticPhoto.write(
                to: folder.file("x.png"), format: .png, width: width, height: height,
                metadata: PhotoMetadata(), seed: 1)
        }
        // validate
        #expect(error?.kind == .writeFailed)
        #expect(try folder.names().isEmpty)
    }

    @Test func aWebPBeyondItsSizeLimitIsAWriteFailure() throws {
        // setup: WebP stops at 16383 pixels a side
        let folder = try TemporaryFolder()
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try SyntheticPhoto.write(
                to: folder.file("wide.webp"), format: .webp, width: 16_384, height: 2,
                metadata: PhotoMetadata(), seed: 1)
        }
        // validate
        #expect(error?.kind == .writeFailed)
        #expect(error?.description.hasPrefix("cannot encode the WEBP image") == true)
        #expect(try folder.names().isEmpty)
    }
}
