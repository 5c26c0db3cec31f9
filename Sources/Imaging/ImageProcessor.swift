import CVipsShim

/// Reads headers and EXIF, and makes renditions, of untrusted pictures through libvips.
/// Holds no mutable state: one processor serves every thread.
public final class ImageProcessor: Sendable {
    /// Images whose header claims more pixels than this are refused before any decoding.
    public let pixelLimit: Int
    /// Why libvips could not start, if it could not; every call then throws it.
    private let startFailure: ImagingError?

    /// Starts libvips once per process (a second processor shares it).
    public init(pixelLimit: Int = 100_000_000) {
        self.pixelLimit = pixelLimit
        do throws(ImagingError) {
            try Vips.start()
            startFailure = nil
        } catch {
            startFailure = error
        }
    }

    /// Sniffs the first bytes (never the name), reads only the header, refuses other formats and
    /// images over the pixel limit, and reads EXIF through libexif.
    public func inspect(fileAt path: String) throws(ImagingError) -> InspectedImage {
        let (image, format) = try openChecked(path)
        let header = ImageHeader(format: format, width: image.width, height: image.height, orientation: image.orientation)
        let metadata = image.exif.map(ExifDecoding.metadata(from:)) ?? PhotoMetadata()
        return InspectedImage(header: header, metadata: metadata)
    }

    /// Opens the header of an accepted image within the pixel limit; nothing is decoded yet.
    func openChecked(_ path: String) throws(ImagingError) -> (VipsImage, ImageFormat) {
        if let startFailure { throw startFailure }
        let head = try FileAccess.head(of: path, count: ImageFormat.sniffLength)
        guard let format = ImageFormat(sniffing: head) else { throw .notAcceptedFormat }
        let image = try VipsImage.making(removing: path, or: ImagingError.corrupt) { rt_vips_open(path, $0) }
        // Magic bytes chose the format; make sure libvips agrees, so a file cannot be sniffed
        // as one format and then decoded by another loader.
        guard let loader = image.loader, loader.hasPrefix(format.vipsLoader) else { throw .notAcceptedFormat }
        guard image.width > 0, image.height > 0 else { throw .corrupt("the image has no pixels") }
        guard image.width * image.height <= pixelLimit else {
            throw .tooManyPixels(width: image.width, height: image.height, limit: pixelLimit)
        }
        return (image, format)
    }
}
