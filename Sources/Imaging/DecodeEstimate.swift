/// What decoding an image will cost in memory, worked out from its header before any pixel is
/// decoded. Two shapes of decode:
///
/// - streamed: baseline JPEG (shrunk on load by libjpeg) and non-interlaced PNG are read a
///   strip of rows at a time, so the cost follows the width;
/// - whole: an interlaced (Adam7) PNG must be read entirely before any row is final, libheif
///   decodes a HEIC into full planes and then converts them to RGB, libjpeg keeps every
///   coefficient of a progressive JPEG, and libwebp decodes a WebP into one buffer.
///
/// The factors were measured on libvips 8.14 (Debian 12) with 10000 × 10000 pictures; see
/// DecodeMemoryTests, which fail if a decode takes more than its estimate.
struct DecodeEstimate: Sendable, Equatable {
    let bytes: Int
    /// Whether the decode holds the whole picture; only then is it worth trimming the heap after.
    let isWhole: Bool

    /// libvips' own buffers, threads and the rendition itself, whatever the picture.
    static let overhead = 32 << 20
    /// Rows of a streamed decode in flight: libvips' line caches for a shrink across two threads
    /// (measured: a 10000-px 16-bit PNG took 76 MB over the baseline; 1024 rows of it are 61 MB).
    static let streamedRows = 1024

    init(
        format: ImageFormat, width: Int, height: Int, bands: Int, sampleBytes: Int,
        interlaced: Bool, progressive: Bool
    ) {
        let pixels = width * height
        let sample = max(1, sampleBytes)
        let whole: Int?
        switch format {
        case .png: whole = interlaced ? pixels * bands * sample : nil
        // Measured 1.95 × the RGB image, single image or 512-px grid (the planes libheif decodes
        // into, then the interleaved RGB copy); 2.25 leaves room for another libheif's buffers.
        case .heic: whole = pixels * bands * sample * 9 / 4
        // 16-bit coefficients per sample; chroma subsampling would halve it but is not in the header.
        case .jpeg: whole = progressive ? pixels * bands * 2 : nil
        // libwebp decodes into RGBA (and lossless keeps a full ARGB cache besides).
        case .webp: whole = pixels * 4 * 2
        }
        if let whole {
            bytes = whole + Self.overhead
            isWhole = true
        } else {
            bytes = min(height, Self.streamedRows) * width * bands * sample + Self.overhead
            isWhole = false
        }
    }
}
