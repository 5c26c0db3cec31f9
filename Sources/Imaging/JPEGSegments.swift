/// Splicing an EXIF APP1 segment into an encoded JPEG, which libvips cannot do from a block
/// that it did not read from a file itself.
enum JPEGSegments {
    /// The file with an APP1 "Exif" segment after SOI and, when present, the JFIF APP0 that
    /// readers expect first.
    static func inserting(app1 payload: [UInt8], into jpeg: UnsafeRawBufferPointer) throws(ImagingError) -> [UInt8] {
        guard payload.count <= ExifEncoding.largestJPEGPayload else {
            throw ImagingError(.writeFailed, "the EXIF block is too large for a JPEG (\(payload.count) bytes)")
        }
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw ImagingError(.writeFailed, "the JPEG encoder did not produce a JPEG")
        }
        var insertAt = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 {
            insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
            guard insertAt <= jpeg.count else { throw ImagingError(.writeFailed, "the JPEG encoder wrote a broken APP0") }
        }
        let length = payload.count + 2
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<insertAt]) + segment + Array(jpeg[insertAt...])
    }
}
