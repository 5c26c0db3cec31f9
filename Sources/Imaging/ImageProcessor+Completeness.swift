#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVipsShim

extension ImageProcessor {
    /// Refuses, as `.corrupt`, a file whose data ends before its picture does or is corrupt,
    /// reading all of it within the decode budget. An importer calls this before accepting a
    /// file. JPEG is read through by libjpeg here: libvips only warns when a scan stops early at
    /// a marker (a cut file ending in EOI), and its shrink-on-load hides it. The PNG, WebP and
    /// HEIC loaders fail on truncated data in every decode, so for them a rendition is the check.
    public func checkComplete(fileAt path: String) throws(ImagingError) {
        try decoding(path) { (format, estimate) throws(ImagingError) in
            guard format == .jpeg else { return }
            var error: UnsafeMutablePointer<CChar>?
            switch rt_jpeg_check_complete(path, estimate.bytes, &error) {
            case 0: return
            case 1: throw .incomplete(Vips.detail(taking: error, removing: path))
            default: throw .unreadable(errno: errno)
            }
        }
    }
}

extension ImagingError {
    /// A JPEG whose data stops (or is damaged) before the end of its picture.
    static func incomplete(_ detail: String) -> ImagingError {
        ImagingError(
            .corrupt, cutShort(detail) ? cutShortReason : "the picture's data is damaged or incomplete, and RoadTrip cannot read it",
            detail: detail)
    }
}
