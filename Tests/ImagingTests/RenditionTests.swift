import Foundation
import TestSupport
import Testing
@testable import Imaging

@Suite struct RenditionTests {
    private let processor = ImageProcessor()

    @Test func aThumbnailOf4000By3000Is250By188WebP() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 4000, height: 3000)
        let destination = folder.file("thumbnail.webp")
        // MUT
        try processor.makeRendition(.thumbnail, of: source, to: destination)
        // validate
        let header = try processor.inspect(fileAt: destination).header
        #expect(header == ImageHeader(format: .webp, width: 250, height: 188, orientation: 1))
        #expect(ImageFormat(sniffing: try folder.contents(of: "thumbnail.webp")) == .webp)
    }

    @Test func aPreviewOf4000By3000Is1440By1080JPEG() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 4000, height: 3000, seed: 2)
        let destination = folder.file("preview.jpg")
        // MUT
        try processor.makeRendition(.preview, of: source, to: destination)
        // validate
        let header = try processor.inspect(fileAt: destination).header
        #expect(header == ImageHeader(format: .jpeg, width: 1440, height: 1080, orientation: 1))
    }

    @Test(arguments: [Rendition.thumbnail, .preview])
    func aSmallImageIsNotEnlarged(rendition: Rendition) throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 100, height: 80)
        let destination = folder.file("small.\(rendition.format.fileExtension)")
        // MUT
        try processor.makeRendition(rendition, of: source, to: destination)
        // validate
        let header = try processor.inspect(fileAt: destination).header
        #expect(header.format == rendition.format)
        #expect(header.width == 100 && header.height == 80)
    }

    @Test(arguments: ImageFormat.allCases)
    func renditionsComeOutAsTheHeaderSaysTheyDisplay(format: ImageFormat) throws {
        // setup: orientation 6 is a camera held sideways; HEIC ignores it (see ImageInspectionTests)
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(
            in: folder, format: format, width: 800, height: 600,
            metadata: PhotoMetadata(orientation: 6))
        let header = try processor.inspect(fileAt: source).header
        // MUT
        try processor.makeRendition(.thumbnail, of: source, to: folder.file("t.webp"))
        try processor.makeRendition(.preview, of: source, to: folder.file("p.jpg"))
        // validate
        let thumbnail = try processor.inspect(fileAt: folder.file("t.webp")).header
        let preview = try processor.inspect(fileAt: folder.file("p.jpg")).header
        let portrait = format != .heic
        #expect(header.displayWidth == (portrait ? 600 : 800))
        #expect((thumbnail.width, thumbnail.height) == (portrait ? (188, 250) : (250, 188)))
        #expect((preview.width, preview.height) == (portrait ? (600, 800) : (800, 600)))
        #expect(thumbnail.orientation == 1 && preview.orientation == 1)
    }

    @Test(arguments: [Rendition.thumbnail, .preview])
    func renditionsCarryNoMetadata(rendition: Rendition) throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 600, height: 400)
        let destination = folder.file("out.\(rendition.format.fileExtension)")
        // MUT
        try processor.makeRendition(rendition, of: source, to: destination)
        // validate
        let bytes = try folder.contents(of: "out.\(rendition.format.fileExtension)")
        #expect(try processor.inspect(fileAt: destination).metadata == PhotoMetadata())
        #expect(!TestPhotos.contains(bytes, "Exif"))
        #expect(!TestPhotos.contains(bytes, "EXIF"))
        #expect(!TestPhotos.contains(bytes, "Canon"))
        #expect(!TestPhotos.contains(bytes, "Opera House"))
    }

    /// libvips' error text is shared by every thread: other calls' lines may come before this one's.
    @Test func aFileCutShortIsToldAmongOtherCallsLinesInTheSharedErrorText() {
        // setup
        let text = """
            VipsJpeg: Corrupt JPEG data: 12 extraneous bytes before marker 0xd9
            jpegload: /tmp/other/broken.jpg: read error
            VipsJpeg: Premature end of input file
            vips2jpeg: unable to write to target /tmp/x/preview.jpg
            """

        // MUT + validate
        #expect(Vips.line(of: text, naming: "/tmp/x/cut.jpg") == "VipsJpeg: Premature end of input file")
        #expect(ImagingError.corrupt(Vips.line(of: text, naming: "/tmp/x/cut.jpg")).description == ImagingError.cutShortReason)
        #expect(Vips.line(of: "other\njpegload: /tmp/x/cut.jpg: not a JPEG", naming: "/tmp/x/cut.jpg") == "jpegload: the file: not a JPEG")
        #expect(Vips.line(of: "first\n\nsecond", naming: nil) == "first")
    }

    @Test(arguments: [0.5, 0.9])
    func aTruncatedJpegIsCorruptAndLeavesNoFile(keptFraction: Double) throws {
        // setup
        let folder = try TemporaryFolder()
        let whole = try TestPhotos.bytes(at: try TestPhotos.make(in: folder, width: 1600, height: 1200))
        let source = try folder.write(Array(whole.prefix(Int(Double(whole.count) * keptFraction))), to: "cut.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeRendition(.preview, of: source, to: folder.file("preview.jpg"))
        }
        // validate
        #expect(error?.kind == .corrupt)
        #expect(error?.description == ImagingError.cutShortReason, "RoadTrip's words, not the library's")
        #expect(error?.detail.contains(folder.path) == false)
        #expect(try folder.names() == ["cut.jpg", "photo-1.jpg"])
    }

    @Test func aPngCutShortIsSaidToBeSoAndAWholeOneIsNot() throws {
        // setup: a 64×64 grey PNG written byte by byte, then cut inside its pixels
        let folder = try TemporaryFolder()
        let rows = (0..<64).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: 64 * 3) }
        let header = TestPhotos.bigEndian(64) + TestPhotos.bigEndian(64) + [8, 2, 0, 0, 0]
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPhotos.chunk("IHDR", header)
            + TestPhotos.chunk("IDAT", TestPhotos.zlibStored(rows)) + TestPhotos.chunk("IEND", [])
        let whole = try folder.write(png, to: "whole.png")
        let cut = try folder.write(Array(png.prefix(png.count * 6 / 10)), to: "cut.png")
        #expect(Array(png.suffix(12)) == ImageProcessor.pngEnd)

        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeRendition(.preview, of: cut, to: folder.file("cut-preview.jpg"))
        }
        try processor.makeRendition(.preview, of: whole, to: folder.file("whole-preview.jpg"))

        // validate
        #expect(error?.kind == .corrupt && error?.description == ImagingError.cutShortReason)
        #expect(try folder.names() == ["cut.png", "whole-preview.jpg", "whole.png"])
    }

    @Test func whenLibvipsWordsAreLostTheFileItselfSaysWhetherItWasCutShort() throws {
        // setup: what a failed decode gives when another thread's call emptied libvips' one error
        // text of the process first (no words at all); a JPEG and a PNG cut short, a whole JPEG
        let folder = try TemporaryFolder()
        let whole = try TestPhotos.make(in: folder, width: 800, height: 600)
        let bytes = try TestPhotos.bytes(at: whole)
        let cut = try folder.write(Array(bytes.prefix(bytes.count / 2)), to: "cut.jpg")
        let header = TestPhotos.bigEndian(8) + TestPhotos.bigEndian(8) + [8, 2, 0, 0, 0]
        let cutPNG = try folder.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPhotos.chunk("IHDR", header), to: "cut.png")
        let lost = ImagingError.corrupt("")

        // MUT
        let jpeg = #expect(throws: ImagingError.self) { _ = try processor.toldByTheFile(lost, format: .jpeg, source: cut) }
        let png = try processor.toldByTheFile(lost, format: .png, source: cutPNG)
        let damaged = try processor.toldByTheFile(lost, format: .jpeg, source: whole)

        // validate
        #expect(lost.description != ImagingError.cutShortReason)
        #expect(jpeg?.description == ImagingError.cutShortReason && png.description == ImagingError.cutShortReason)
        #expect(damaged == lost, "a whole file is as damaged as libvips said")
    }

    @Test func aTextFileNamedJpgGetsNoRendition() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try folder.write(Array("not a picture".utf8), to: "fake.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeRendition(.thumbnail, of: source, to: folder.file("t.webp"))
        }
        // validate
        #expect(error?.kind == .notAnImage)
        #expect(try folder.names() == ["fake.jpg"])
    }

    @Test func thePixelLimitIsCheckedAgain() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try folder.write(TestPhotos.pngHeaderOnly(width: 20_000, height: 20_000), to: "huge.png")
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeRendition(.thumbnail, of: source, to: folder.file("t.webp"))
        }
        // validate
        #expect(error?.kind == .tooManyPixels)
        #expect(try folder.names() == ["huge.png"])
    }

    @Test func aMissingFolderIsAWriteFailure() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 100, height: 80)
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeRendition(.thumbnail, of: source, to: folder.file("no-such-folder/t.webp"))
        }
        // validate
        #expect(error == ImagingError(.writeFailed, "cannot write the file: No such file or directory"))
    }

    @Test func anExistingRenditionIsReplaced() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 300, height: 200)
        let destination = try folder.write(Array("stale".utf8), to: "t.webp")
        // MUT
        try processor.makeRendition(.thumbnail, of: source, to: destination)
        // validate
        #expect(try processor.inspect(fileAt: destination).header.width == 250)
        #expect(try folder.names() == ["photo-1.jpg", "t.webp"])
    }

    @Test func aTransparentPngGetsAJpegPreview() throws {
        // setup: a 1×1 RGBA PNG, written byte by byte; JPEG has no alpha, so it must be flattened
        let folder = try TemporaryFolder()
        let header = TestPhotos.bigEndian(1) + TestPhotos.bigEndian(1) + [8, 6, 0, 0, 0]
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPhotos.chunk("IHDR", header)
            + TestPhotos.chunk("IDAT", TestPhotos.zlibStored([0, 0, 0, 0, 0])) + TestPhotos.chunk("IEND", [])
        let source = try folder.write(png, to: "clear.png")
        // MUT
        try processor.makeRendition(.preview, of: source, to: folder.file("p.jpg"))
        // validate
        let preview = try processor.inspect(fileAt: folder.file("p.jpg")).header
        #expect(preview == ImageHeader(format: .jpeg, width: 1, height: 1, orientation: 1))
    }
}
