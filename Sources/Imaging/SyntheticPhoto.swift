import CVipsShim

/// Generated pictures for the demo library, tests and the import benchmark: a landscape-like
/// composition that depends on `seed` (sky, sun, clouds, hills, a faint grain), carrying the
/// given metadata as real EXIF built with libexif.
public enum SyntheticPhoto {
    /// Writes the picture atomically. Orientation is only recorded, not applied: like a camera
    /// held sideways, the stored pixels stay width × height and viewers turn them. HEIC is the
    /// exception: viewers follow its container's own rotation box, which libvips cannot write,
    /// so there the tag is recorded but the picture shows unturned.
    public static func write(
        to path: String, format: ImageFormat, width: Int, height: Int,
        metadata: PhotoMetadata, seed: UInt64
    ) throws(ImagingError) {
        try Vips.start()
        guard width > 0, height > 0, let width32 = Int32(exactly: width), let height32 = Int32(exactly: height) else {
            throw ImagingError(.writeFailed, "\(width) × \(height) is not a picture size")
        }
        let image = try VipsImage.making(or: { ImagingError(.writeFailed, "cannot make the picture (\($0))") }) {
            rt_vips_synthetic(width32, height32, seed, $0)
        }
        let exif = ExifEncoding.block(for: metadata)
        if format == .jpeg {
            try image.encoded(as: .jpeg, quality: format.syntheticQuality, strip: true) { (bytes) throws(ImagingError) in
                try FileAccess.writeAtomically(JPEGSegments.inserting(app1: exif, into: bytes), to: path)
            }
        } else {
            // libvips rebuilds the block while saving and writes its orientation field over the
            // Orientation tag, so both are set.
            exif.withUnsafeBytes { rt_vips_set_exif(image.handle, $0.baseAddress, $0.count, Int32(clamping: metadata.orientation)) }
            try image.encoded(as: format, quality: format.syntheticQuality, strip: false) { (bytes) throws(ImagingError) in
                try FileAccess.writeAtomically(bytes, to: path)
            }
        }
    }
}

extension ImageFormat {
    /// Qualities that resemble what cameras and phones write.
    fileprivate var syntheticQuality: Int {
        switch self {
        case .jpeg: 90
        case .png: 0
        case .webp: 85
        case .heic: 60
        }
    }
}
