import Foundation
import Testing
import CVipsShim
import TestSupport
@testable import Imaging

/// An import's renditions from one decode: the preview by shrink-on-load, the thumbnail from the
/// preview in memory, and the completeness check folded into that decode where the file allows.
@Suite struct OneDecodeRenditionTests {
    private let processor = ImageProcessor()

    private func destinations(in folder: TemporaryFolder) -> (Rendition) -> String {
        { folder.file("\($0.name).\($0.format.fileExtension)") }
    }

    @Test func bothSizesComeFromOneCallEachWithinItsOwnBound() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 4000, height: 3000)
        // MUT
        try processor.makeRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        // validate
        #expect(
            try processor.inspect(fileAt: folder.file("thumbnail.webp")).header
                == ImageHeader(format: .webp, width: 250, height: 188, orientation: 1))
        #expect(
            try processor.inspect(fileAt: folder.file("preview.jpg")).header
                == ImageHeader(format: .jpeg, width: 1440, height: 1080, orientation: 1))
    }

    @Test func aPhotoSmallerThanThePreviewKeepsItsSizeAndStillGetsAThumbnail() throws {
        let folder = try TemporaryFolder()
        let source = try TestPhotos.make(in: folder, width: 800, height: 600)
        try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        #expect(try processor.inspect(fileAt: folder.file("preview.jpg")).header.width == 800)
        #expect(try processor.inspect(fileAt: folder.file("thumbnail.webp")).header.width == 250)
    }

    @Test func aCutJpegEndingInAnEndMarkerIsRefusedAsTheCheckRefusesItAndLeavesNoFile() throws {
        // setup: the header claims 4000 × 4000, the data stops after 20 KB, then an EOI
        let folder = try TemporaryFolder()
        let whole = folder.file("whole.jpg")
        try FlatPicture.write(to: whole, format: .jpeg, width: 4000, height: 4000, bits: 8)
        let source = try folder.write(Array(try TestPhotos.bytes(at: whole).prefix(20_000)) + [0xFF, 0xD9], to: "cut.jpg")
        // MUT
        let error = #expect(throws: ImagingError.self) {
            try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        }
        // validate
        #expect(error == ImagingError(.corrupt, ImagingError.cutShortReason, detail: "Corrupt JPEG data: premature end of data segment"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("preview.jpg")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("thumbnail.webp")))
    }

    @Test func withNoRenditionsAskedTheFileIsStillChecked() throws {
        let folder = try TemporaryFolder()
        let whole = folder.file("whole.jpg")
        try FlatPicture.write(to: whole, format: .jpeg, width: 4000, height: 4000, bits: 8)
        let source = try folder.write(Array(try TestPhotos.bytes(at: whole).prefix(20_000)), to: "cut.jpg")
        #expect(throws: ImagingError.self) { try processor.makeCheckedRenditions([], of: source, to: destinations(in: folder)) }
    }

    @Test func strayBytesBeforeTheEndMarkerStillGiveBothRenditions() throws {
        // setup: libjpeg warns of extraneous bytes, which the strict decode refuses; the check
        // finds the picture whole, and the ordinary decode makes the renditions
        let folder = try TemporaryFolder()
        let whole = try TestPhotos.bytes(at: try TestPhotos.make(in: folder, width: 2000, height: 1500))
        let source = try folder.write(Array(whole.dropLast(2)) + [0, 0, 0, 0xFF, 0xD9], to: "stray.jpg")
        // MUT
        try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        // validate
        #expect(
            try processor.inspect(fileAt: folder.file("preview.jpg")).header
                == ImageHeader(format: .jpeg, width: 1440, height: 1080, orientation: 1))
        #expect(
            try processor.inspect(fileAt: folder.file("thumbnail.webp")).header
                == ImageHeader(format: .webp, width: 250, height: 188, orientation: 1))
    }

    /// The mean of each band of the file at `path`.
    private func bandMeans(_ path: String) throws -> [Double] {
        let image = try VipsImage.making(or: { ImagingError(.unreadable, $0) }) { rt_vips_open(path, $0) }
        var means = [Double](repeating: 0, count: image.bands)
        #expect(rt_vips_band_means(image.handle, &means, Int32(means.count)) == 0)
        return means
    }

    @Test func aCmykJpegComesOutAsSRGB() throws {
        // setup
        let folder = try TemporaryFolder()
        let source = folder.file("cmyk.jpg")
        var error: UnsafeMutablePointer<CChar>?
        #expect(rt_vips_write_flat_cmyk_jpeg(source, 600, 400, &error) == 0)
        // MUT
        try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        // validate: three bands, red (magenta and yellow ink)
        for name in ["preview.jpg", "thumbnail.webp"] {
            let means = try bandMeans(folder.file(name))
            #expect(means.count == 3, "\(name): \(means)")
            #expect(means[0] > 180 && means[1] < 110 && means[2] < 110, "\(name): \(means)")
        }
    }

    @Test func aPhotoWithADisplayP3ProfileIsTurnedIntoSRGB() throws {
        // setup: sRGB 200, 60, 40 stored as Display P3 numbers, with the P3 profile
        let folder = try TemporaryFolder()
        let source = folder.file("p3.jpg")
        var error: UnsafeMutablePointer<CChar>?
        #expect(rt_vips_write_flat_p3_jpeg(source, 600, 400, 200, 60, 40, &error) == 0, "\(Vips.detail(taking: error))")
        let stored = try bandMeans(source)
        #expect(abs(stored[1] - 60) > 8, "the file holds other numbers than sRGB: \(stored)")
        // MUT
        try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        // validate: back to the sRGB colour
        for name in ["preview.jpg", "thumbnail.webp"] {
            let means = try bandMeans(folder.file(name))
            #expect(zip(means, [200.0, 60, 40]).allSatisfy { abs($0 - $1) < 5 }, "\(name): \(means)")
        }
    }

    @Test func anUntaggedRGBPhotoKeepsItsColours() throws {
        // setup: RGB 150, 150, 150 without a profile, taken as sRGB and not transformed
        let folder = try TemporaryFolder()
        let source = folder.file("grey.jpg")
        try FlatPicture.write(to: source, format: .jpeg, width: 600, height: 400, bits: 8)
        // MUT
        try processor.makeCheckedRenditions([.thumbnail, .preview], of: source, to: destinations(in: folder))
        // validate
        for name in ["preview.jpg", "thumbnail.webp"] {
            let means = try bandMeans(folder.file(name))
            #expect(means.count == 3)
            #expect(means.allSatisfy { abs($0 - 150) < 2 }, "\(name): \(means)")
        }
    }
}
