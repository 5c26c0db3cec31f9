import CVipsShim

/// Pictures of one colour at any size and bit depth, for tests of what decoding costs: a
/// 10000 × 10000 16-bit interlaced PNG of one colour is under a megabyte on disk.
enum FlatPicture {
    /// RGB at `bits` (8 or 16) per sample; PNG optionally interlaced (Adam7), JPEG optionally
    /// progressive; HEIC at no more than 12 bits, which is all x265 encodes.
    static func write(
        to path: String, format: ImageFormat, width: Int, height: Int, bits: Int,
        interlaced: Bool = false
    ) throws(ImagingError) {
        try Vips.start()
        var error: UnsafeMutablePointer<CChar>?
        guard rt_vips_write_flat(path, format.vipsFormat, Int32(width), Int32(height), Int32(bits), interlaced ? 1 : 0, &error) == 0 else {
            throw ImagingError(.writeFailed, "cannot make the picture (\(Vips.detail(taking: error, removing: path)))")
        }
    }
}
