import CVipsShim

extension ImageProcessor {
    /// Decodes the whole source (shrink-on-load, auto-rotated by EXIF orientation, damaged or
    /// truncated data refused as `.corrupt`) and writes `rendition` to `destination` atomically.
    /// Checks format, pixel limit and decode budget itself; strips all metadata from the output,
    /// so no GPS position leaks into a thumbnail. Safe to call from several threads at once.
    public func makeRendition(_ rendition: Rendition, of source: String, to destination: String) throws(ImagingError) {
        try makeRenditions([rendition], of: source) { _ in destination }
    }

    /// Makes several renditions from one decode of the source: the largest as `makeRendition`
    /// does, then each smaller one from the larger one already in memory (the thumbnail from the
    /// preview), so a photo is decoded once however many sizes it gets.
    public func makeRenditions(
        _ renditions: [Rendition], of source: String,
        to destination: (Rendition) -> String
    ) throws(ImagingError) {
        try makeRenditions(renditions, of: source, strictJPEG: false, to: destination)
    }

    /// What an importer does with a new file: `checkComplete` and `makeRenditions`, in one
    /// decode where the file allows. A JPEG is decoded first failing on any warning of libjpeg,
    /// which a whole file with clean data never gives; only a file that gave one — stray bytes
    /// (cameras write them; harmless) or a scan cut short (damage) — is read through by the
    /// check, which refuses the damaged, and then decoded again as `makeRenditions` does.
    public func makeCheckedRenditions(
        _ renditions: [Rendition], of source: String,
        to destination: (Rendition) -> String
    ) throws(ImagingError) {
        guard !renditions.isEmpty else { return try checkComplete(fileAt: source) }
        do {
            try makeRenditions(renditions, of: source, strictJPEG: true, to: destination)
        } catch  where error.kind == .corrupt {
            try checkComplete(fileAt: source)
            try makeRenditions(renditions, of: source, strictJPEG: false, to: destination)
        }
    }

    private func makeRenditions(
        _ renditions: [Rendition], of source: String, strictJPEG: Bool,
        to destination: (Rendition) -> String
    ) throws(ImagingError) {
        guard let largest = renditions.max(by: { $0.size < $1.size }) else { return }
        var decoded: ImageFormat?
        do {
            try decodingRenditions(renditions, largest: largest, of: source, strictJPEG: strictJPEG, format: &decoded, to: destination)
        } catch  where !strictJPEG {
            // (the strict decode's caller reads a JPEG through itself)
            throw try toldByTheFile(error, format: decoded, source: source)
        }
    }

    /// `error`, a failed decode of `source`, with whether the file was cut short asked of the
    /// file where libvips' words do not say it: libvips keeps one error text for the whole
    /// process, which another thread's call may clear before this one reads it, and says only
    /// "read error" of a PNG cut short. A JPEG is read through by libjpeg itself, whose words are
    /// this call's own (`checkComplete` throws them); a PNG ends with its IEND chunk.
    func toldByTheFile(_ error: ImagingError, format: ImageFormat?, source: String) throws(ImagingError) -> ImagingError {
        guard error.kind == .corrupt, error.description != ImagingError.cutShortReason else { return error }
        switch format {
        case .jpeg: try checkComplete(fileAt: source)
        case .png where try FileAccess.tail(of: source, count: Self.pngEnd.count) != Self.pngEnd:
            return ImagingError(.corrupt, ImagingError.cutShortReason, detail: error.detail)
        default: break
        }
        return error
    }

    /// A PNG's last chunk: IEND, empty, with its CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    private func decodingRenditions(
        _ renditions: [Rendition], largest: Rendition, of source: String, strictJPEG: Bool, format decoded: inout ImageFormat?,
        to destination: (Rendition) -> String
    ) throws(ImagingError) {
        try decoding(source) { (format, _) throws(ImagingError) in
            decoded = format
            let strict: Int32 = strictJPEG && format == .jpeg ? 1 : 0
            var image = try VipsImage.making(removing: source, or: ImagingError.corrupt) {
                rt_vips_thumbnail(source, Int32(largest.size), strict, $0)
            }
            for rendition in renditions.sorted(by: { $0.size > $1.size }) {
                if rendition.size < largest.size {
                    let larger = image
                    image = try VipsImage.making(or: ImagingError.corrupt) {
                        rt_vips_thumbnail_image(larger.handle, Int32(rendition.size), $0)
                    }
                }
                try write(image, as: rendition, to: destination(rendition))
            }
        }
    }

    private func write(_ image: VipsImage, as rendition: Rendition, to destination: String) throws(ImagingError) {
        try image.encoded(as: rendition.format, quality: rendition.quality, strip: true) { (bytes) throws(ImagingError) in
            if rendition.format == .webp {
                try FileAccess.writeAtomically(WebPContainer.removingMetadata(bytes), to: destination)
            } else {
                try FileAccess.writeAtomically(bytes, to: destination)
            }
        }
    }
}
