import CVipsShim

extension ImageProcessor {
    /// Decodes the whole source (shrink-on-load, auto-rotated by EXIF orientation, damaged or
    /// truncated data refused as `.corrupt`) and writes `rendition` to `destination` atomically.
    /// Checks format, pixel limit and decode budget itself; strips all metadata from the output,
    /// so no GPS position leaks into a thumbnail. Safe to call from several threads at once.
    public func makeRendition(_ rendition: Rendition, of source: String, to destination: String) throws(ImagingError) {
        try decoding(source) { (_, _) throws(ImagingError) in
            let thumbnail = try VipsImage.making(removing: source, or: ImagingError.corrupt) {
                rt_vips_thumbnail(source, Int32(rendition.size), $0)
            }
            try thumbnail.encoded(as: rendition.format, quality: rendition.quality, strip: true) { (bytes) throws(ImagingError) in
                if rendition.format == .webp {
                    try FileAccess.writeAtomically(WebPContainer.removingMetadata(bytes), to: destination)
                } else {
                    try FileAccess.writeAtomically(bytes, to: destination)
                }
            }
        }
    }
}
