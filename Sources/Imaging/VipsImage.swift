import CVipsShim

/// One libvips image reference, released when the Swift object goes away. Internal: libvips'
/// types never reach the public API.
final class VipsImage {
    let handle: OpaquePointer

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { rt_vips_unref(handle) }

    /// Runs a shim call that returns an image or NULL and its error text; a failure becomes the
    /// error `failure` builds from that text (without `path`).
    static func making(
        removing path: String? = nil, or failure: (String) -> ImagingError,
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> OpaquePointer?
    ) throws(ImagingError) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        guard let handle = call(&error) else { throw failure(Vips.detail(taking: error, removing: path)) }
        return VipsImage(handle: handle)
    }

    var width: Int { Int(rt_vips_width(handle)) }
    var height: Int { Int(rt_vips_height(handle)) }
    var loader: String? { rt_vips_loader(handle).map { String(cString: $0) } }
    var orientation: Int { Int(rt_vips_orientation(handle)) }
    var bands: Int { Int(rt_vips_bands(handle)) }
    var sampleBytes: Int { Int(rt_vips_sample_bytes(handle)) }

    /// An integer field the loader set, `fallback` when it set none.
    func field(_ name: String, or fallback: Int) -> Int { Int(rt_vips_int_field(handle, name, Int32(fallback))) }

    /// A copy of the EXIF block libvips found in the file, if any.
    var exif: [UInt8]? {
        var data: UnsafeRawPointer?
        var length = 0
        guard rt_vips_exif(handle, &data, &length) == 0, let data else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// Encodes the image and hands the bytes to `body` while they are alive.
    func encoded<T>(
        as format: ImageFormat, quality: Int, strip: Bool,
        _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> T
    ) throws(ImagingError) -> T {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        guard rt_vips_save(handle, format.vipsFormat, Int32(quality), strip ? 1 : 0, &buffer, &length, &error) == 0,
            let buffer
        else {
            let detail = Vips.detail(taking: error)
            throw ImagingError(.writeFailed, "cannot encode the \(format.rawValue.uppercased()) image (\(detail))")
        }
        defer { rt_vips_free(buffer) }
        return try body(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

/// The process-wide libvips start and its error text.
enum Vips {
    static func start() throws(ImagingError) {
        guard rt_vips_start() == 0 else {
            let detail = detail(taking: rt_vips_take_error())
            throw ImagingError(.unreadable, "the image library (libvips) could not start (\(detail))")
        }
    }

    /// One line of libvips' error text for a person, freeing the C string (`line(of:naming:)`).
    static func detail(taking text: UnsafeMutablePointer<CChar>?, removing path: String? = nil) -> String {
        guard let text else { return "" }
        defer { rt_vips_free(text) }
        return line(of: String(cString: text), naming: path)
    }

    /// The line of libvips' error text that says what went wrong with this call's file. The
    /// buffer is shared by all threads, so it may hold other calls' lines before this one's:
    /// a line saying the data ended early is taken first (the decoder's, which names no file,
    /// and the one thing RoadTrip tells apart: `ImagingError.cutShort`), then a line naming the
    /// file, then the first. The path itself is replaced: callers name files in their own words.
    static func line(of text: String, naming path: String?) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
        let named = path.flatMap { path in path.isEmpty ? nil : lines.first { $0.contains(path) } }
        let line = lines.first(where: ImagingError.cutShort) ?? named ?? lines.first ?? ""
        guard let path, !path.isEmpty else { return line }
        return line.replacing(path, with: "the file")
    }
}

extension ImageFormat {
    var vipsFormat: rt_vips_format {
        switch self {
        case .jpeg: RT_VIPS_JPEG
        case .png: RT_VIPS_PNG
        case .webp: RT_VIPS_WEBP
        case .heic: RT_VIPS_HEIC
        }
    }

    /// The prefix of libvips' loader name ("jpegload_source", …) for this format.
    var vipsLoader: String {
        switch self {
        case .jpeg: "jpegload"
        case .png: "pngload"
        case .webp: "webpload"
        case .heic: "heifload"
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line ends (Foundation is not imported here).
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
