import CCairo
import Foundation

/// Drawing on one Cairo context in the trimmed page's coordinates: colours, shapes, pictures
/// and Pango's text (real line breaking and shaping: accents, Arabic, CJK in DejaVu's and the
/// system's fonts).
struct PageDrawing {
    let context: OpaquePointer

    static let family = "DejaVu Sans"

    func colour(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        cairo_set_source_rgba(context, red, green, blue, alpha)
    }

    func fill(_ rect: Rect) {
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    /// Paints `picture` into `frame`, scaled to it: in a PDF its JPEG is embedded as it is.
    func paint(_ picture: Picture, in frame: Rect) {
        cairo_save(context)
        cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(context)
        cairo_translate(context, frame.x, frame.y)
        cairo_scale(context, frame.width / Double(picture.width), frame.height / Double(picture.height))
        cairo_set_source_surface(context, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Sets `text` in `box` (wrapped to its width; at most `lines` lines, the last ellipsized)
    /// at `size` points; returns the height it took. Nothing is drawn past the box's width.
    @discardableResult
    func text(_ text: String, in box: Rect, size: Double, bold: Bool = false, centred: Bool = false, lines: Int = 0, draw: Bool = true)
        -> Double
    {
        let layout = self.layout(text, width: box.width, size: size, bold: bold, centred: centred, lines: lines)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        if draw {
            cairo_move_to(context, box.x, box.y)
            pango_cairo_show_layout(context, layout)
            cairo_new_path(context)
        }
        return Double(height)
    }

    /// The largest size at most `size` at which `text` fits `box` in at most `lines` lines
    /// unbroken by ellipsis; never below `smallest`.
    func fitting(_ text: String, in box: Rect, size: Double, smallest: Double, bold: Bool, lines: Int) -> Double {
        var size = size
        while size > smallest {
            let layout = self.layout(text, width: box.width, size: size, bold: bold, centred: true, lines: 0)
            let count = pango_layout_get_line_count(layout)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(layout))
            if count <= lines && Double(height) <= box.height { return size }
            size -= 1
        }
        return smallest
    }

    private func layout(_ text: String, width: Double, size: Double, bold: Bool, centred: Bool, lines: Int) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, Self.family)
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if lines > 0 {
            pango_layout_set_height(layout, Int32(-lines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        if centred { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}

/// A photo ready to paint: Cairo's surface of its pixels, its JPEG attached for a PDF to embed.
final class Picture {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// A PDF's picture is its JPEG alone (Cairo embeds it as it is and never reads the pixels):
    /// without `rgb` the surface stays unpainted.
    init(rgb: [UInt8], jpeg: [UInt8]?, width: Int, height: Int) throws(BookError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            throw BookError("cannot make a picture of \(width) × \(height) pixels")
        }
        (self.surface, self.width, self.height) = (surface, width, height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if rgb.count == width * height * 3 {
            rgb.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = data + y * stride
                    for x in 0..<width {
                        let from = (y * width + x) * 3
                        row[x * 4] = source[from + 2]
                        row[x * 4 + 1] = source[from + 1]
                        row[x * 4 + 2] = source[from]
                        row[x * 4 + 3] = 255
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        if let jpeg, let copy = malloc(jpeg.count) {
            jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
            cairo_surface_set_mime_data(
                surface, "image/jpeg", copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count), { free($0) }, copy)
        }
    }

    deinit { cairo_surface_destroy(surface) }
}

/// Why a book could not be made.
public struct BookError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    public static let cancelled = BookError("the book was cancelled")
}
