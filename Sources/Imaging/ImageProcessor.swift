import CVipsShim

/// Reads headers and EXIF, and makes renditions, of untrusted pictures through libvips.
/// Holds no mutable state of its own: one processor serves every thread, and every decode
/// it makes is admitted against its `decodeBudget`.
public final class ImageProcessor: Sendable {
    /// Images whose header claims more pixels than this are refused before any decoding.
    public let pixelLimit: Int
    /// The memory decodes may take at once; share one budget among a process's processors.
    public let decodeBudget: DecodeBudget
    /// Why libvips could not start, if it could not; every call then throws it.
    private let startFailure: ImagingError?

    /// Starts libvips once per process (a second processor shares it).
    public init(pixelLimit: Int = 100_000_000, decodeBudget: DecodeBudget = DecodeBudget()) {
        self.pixelLimit = pixelLimit
        self.decodeBudget = decodeBudget
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
        let (metadata, warnings) = image.exif.map(ExifDecoding.decoded) ?? (PhotoMetadata(), [])
        return InspectedImage(header: header, metadata: metadata, warnings: warnings)
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

    /// What decoding the file at `path` will take, from its header.
    func decodeEstimate(fileAt path: String) throws(ImagingError) -> DecodeEstimate {
        let (image, format) = try openChecked(path)
        return estimate(of: image, format)
    }

    private func estimate(of image: VipsImage, _ format: ImageFormat) -> DecodeEstimate {
        DecodeEstimate(
            format: format, width: image.width, height: image.height, bands: image.bands,
            sampleBytes: image.sampleBytes, interlaced: image.field("interlaced", or: 0) != 0,
            progressive: image.field("jpeg-multiscan", or: 0) != 0)
    }

    /// For a process that does little but decode on many threads (`roadtrip import`): at most
    /// one malloc arena a core, so that its peak memory stays low (see `rt_limit_allocator_arenas`).
    /// Call it before the threads start; never in a server, whose pages it would slow.
    public static func limitAllocatorArenas() {
        rt_limit_allocator_arenas()
    }

    /// Runs a decode of the file at `path` once the budget grants what its header says it needs.
    /// After a whole-picture decode the heap is trimmed before the budget is returned, so the
    /// memory goes back to the system rather than staying in glibc's arenas.
    func decoding<T>(_ path: String, _ body: (ImageFormat, DecodeEstimate) throws(ImagingError) -> T) throws(ImagingError) -> T {
        let (image, format) = try openChecked(path)
        let estimate = estimate(of: image, format)
        return try decodeBudget.spending(estimate.bytes) { () throws(ImagingError) -> T in
            defer { if estimate.isWhole { rt_release_free_memory() } }
            return try body(format, estimate)
        }
    }
}
