import Testing
@testable import Imaging

@Suite struct ImageFormatSniffingTests {
    /// An ISO BMFF `ftyp` box with the given major and compatible brands, then other bytes.
    private func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = UInt32(16 + 4 * compatible.count)
        return TestPhotos.bigEndian(size) + Array("ftyp\(major)".utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) } + Array("....meta".utf8)
    }

    @Test func jpegIsRecognisedByItsFirstThreeBytes() {
        // setup
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == .jpeg)
    }

    @Test func pngIsRecognisedByItsSignature() {
        // setup
        let bytes = TestPhotos.pngHeaderOnly(width: 1, height: 1)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == .png)
    }

    @Test func webpIsRecognisedByRiffAndWebpMarks() {
        // setup
        let bytes = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == .webp)
    }

    @Test(arguments: [
        ("heic", ["mif1", "heic"]), ("mif1", ["heic", "miaf"]), ("heix", []), ("msf1", ["hevc"]),
        ("isom", ["mif1", "heim"]),
    ])
    func heicIsRecognisedByAHeifBrand(major: String, compatible: [String]) {
        // setup
        let bytes = ftyp(major, compatible)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == .heic)
    }

    @Test(arguments: [("avif", ["mif1", "miaf"]), ("mif1", ["avif"]), ("isom", ["iso2", "mp41"]), ("qt  ", [])])
    func otherIsoMediaFilesAreRefused(major: String, compatible: [String]) {
        // setup
        let bytes = ftyp(major, compatible)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == nil)
    }

    @Test func brandsBeyondTheFtypBoxAreNotRead() {
        // setup: an MP4 whose ftyp box ends before bytes that happen to spell "heic"
        let bytes = ftyp("isom", ["mp41"]) + Array("heic".utf8)
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == nil)
    }

    @Test(
        arguments: [
            ("GIF", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]),
            ("SVG", Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
            ("TIFF little-endian", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]),
            ("TIFF big-endian", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]),
            ("text", Array("holiday notes, not a picture\n".utf8)),
            ("RIFF WAVE", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)),
            ("empty", []),
            ("short JPEG", [0xFF, 0xD8]),
            ("short PNG", [0x89, 0x50, 0x4E, 0x47]),
            ("short RIFF", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEB".utf8)),
        ] as [(String, [UInt8])])
    func otherInputIsRefused(name: String, bytes: [UInt8]) {
        // MUT
        let format = ImageFormat(sniffing: bytes)
        // validate
        #expect(format == nil, "\(name) was taken for \(String(describing: format))")
    }

    @Test func onlyTheFirst64BytesAreLookedAt() {
        // setup: 64 bytes of text, then a JPEG signature
        let bytes = [UInt8](repeating: 0x20, count: 64) + [0xFF, 0xD8, 0xFF]
        // MUT
        let format = ImageFormat(sniffing: bytes.dropFirst(0))
        // validate
        #expect(format == nil)
    }

    @Test func extensionsAndMediaTypesAreTheWebsOwn() {
        // MUT
        let pairs = ImageFormat.allCases.map { "\($0.fileExtension) \($0.mediaType)" }
        // validate
        #expect(pairs == ["jpg image/jpeg", "png image/png", "webp image/webp", "heic image/heic"])
    }
}
