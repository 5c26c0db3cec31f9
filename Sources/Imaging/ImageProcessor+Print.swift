import CVipsShim

/// A photo made ready for print: its JPEG (sRGB, no metadata), which a PDF embeds as it is, and
/// the same pixels as RGB rows, which a page drawn to the screen paints.
public struct PrintPicture: Sendable {
    public let width: Int
    public let height: Int
    public let jpeg: [UInt8]
    /// `width` × `height` × 3 bytes, row after row; empty when not asked for.
    public let rgb: [UInt8]
}

extension ImageProcessor {
    /// The photo at `source` made to fit `width` × `height` pixels (or, with `crop`, to fill it,
    /// cut about its centre), upright, in sRGB, never enlarged: a print never has more pixels
    /// than the photo. Checks format, pixel limit and decode budget as a rendition does. Its RGB
    /// rows only with `pixels` (a PDF needs the JPEG alone).
    public func printPicture(of source: String, width: Int, height: Int, crop: Bool, pixels: Bool = true, quality: Int = 92)
        throws(ImagingError) -> PrintPicture
    {
        guard width > 0, height > 0, width <= 30_000, height <= 30_000 else {
            throw ImagingError(.tooManyPixels, "a print of \(width) × \(height) pixels is not one RoadTrip makes")
        }
        return try decoding(source) { (_, _) throws(ImagingError) in
            guard pixels else { return try jpeg(of: source, width: width, height: height, crop: crop, quality: quality) }
            let image = try VipsImage.making(removing: source, or: ImagingError.corrupt) {
                rt_vips_print_picture(source, Int32(width), Int32(height), crop ? 1 : 0, $0)
            }
            let jpeg = try image.encoded(as: .jpeg, quality: quality, strip: true) { (bytes) throws(ImagingError) in Array(bytes) }
            let (w, h) = (Int(rt_vips_width(image.handle)), Int(rt_vips_height(image.handle)))
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            var error: UnsafeMutablePointer<CChar>?
            guard rt_vips_rgb_pixels(image.handle, &buffer, &length, &error) == 0, let buffer else {
                throw ImagingError(.corrupt, "cannot read the photo's pixels (\(Vips.detail(taking: error)))")
            }
            defer { rt_vips_free(buffer) }
            guard length == w * h * 3 else { throw ImagingError(.corrupt, "the photo's pixels are not the size it says") }
            return PrintPicture(width: w, height: h, jpeg: jpeg, rgb: Array(UnsafeRawBufferPointer(start: buffer, count: length)))
        }
    }

    /// The JPEG alone, in one streaming pass.
    private func jpeg(of source: String, width: Int, height: Int, crop: Bool, quality: Int) throws(ImagingError) -> PrintPicture {
        var (w, h) = (Int32(width), Int32(height))
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        guard rt_vips_print_jpeg(source, &w, &h, crop ? 1 : 0, Int32(quality), &buffer, &length, &error) == 0, let buffer else {
            throw ImagingError(.corrupt, "cannot make the photo for print (\(Vips.detail(taking: error, removing: source)))")
        }
        defer { rt_vips_free(buffer) }
        return PrintPicture(width: Int(w), height: Int(h), jpeg: Array(UnsafeRawBufferPointer(start: buffer, count: length)), rgb: [])
    }
}
