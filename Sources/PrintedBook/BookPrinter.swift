import CCairo
import Foundation
import Imaging

/// What printing a book came to, said beside its download: its pages, the blank pages added
/// to make the count even, each photo printed below 150 dpi (with its page), each photo left out.
public struct BookReport: Sendable, Equatable {
    public var pages = 0
    public var blankPages = 0
    public var photos = 0
    public var lowResolution: [LowResolution] = []
    public var leftOut: [LeftOut] = []

    public struct LowResolution: Sendable, Equatable {
        public let photo: String
        public let page: Int
        public let dpi: Int
    }

    public struct LeftOut: Sendable, Equatable {
        public let photo: String
        public let reason: String
    }

    /// Below this a photo looks soft in print.
    public static let lowDPI = 150

    /// The report, a sentence a line.
    public var sentences: [String] {
        var lines = ["\(pages) pages, \(photos) \(photos == 1 ? "photo" : "photos")."]
        if blankPages > 0 {
            lines.append(
                """
                \(blankPages) blank \(blankPages == 1 ? "page was" : "pages were") added before the back cover to make the page count even.
                """
            )
        }
        if lowResolution.isEmpty {
            lines.append("Every photo prints at \(Self.lowDPI) dpi or more.")
        } else {
            lines.append(
                """
                \(lowResolution.count) \(lowResolution.count == 1 ? "photo prints" : "photos print") below \(Self.lowDPI) dpi at \
                its size and may look soft:
                """
            )
            lines += lowResolution.map { "  \($0.photo), page \($0.page): \($0.dpi) dpi" }
        }
        if !leftOut.isEmpty {
            lines.append("Left out \(leftOut.count):")
            lines += leftOut.map { "  \($0.photo): \($0.reason)" }
        }
        return lines
    }
}

/// Prints a book laid out by `BookLayout` with Cairo and Pango: a PDF ready for a print shop
/// (each page its trimmed size and 3 mm of bleed, set as its TrimBox and BleedBox by qpdf;
/// fonts embedded; photos as JPEG at up to 300 dpi of their printed size, never more pixels than
/// they have), or a page as a PNG for the preview.
public struct BookPrinter: Sendable {
    public let layout: BookLayout
    let processor: ImageProcessor
    /// Photos are printed at up to this many dots an inch of their printed size.
    public static let dpi = 300.0

    public init(size: BookSize, processor: ImageProcessor) {
        layout = BookLayout(size: size)
        self.processor = processor
    }

    var geometry: PageGeometry { layout.geometry }

    /// Writes the book to `path` (through a file beside it, renamed when whole). `progress` is
    /// told each page laid out ("page 40 of 96") and cancels the book by answering false.
    public func writePDF(_ content: BookContent, to path: String, progress: (Int, Int) -> Bool = { _, _ in true }) throws(BookError)
        -> BookReport
    {
        let pages = layout.pages(of: content)
        let drawn = path + ".cairo"
        defer { unlink(drawn) }
        let media = geometry.media
        guard let surface = cairo_pdf_surface_create(drawn, media.width, media.height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw BookError("cannot write the PDF at \(path)")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, content.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "RoadTrip")
        guard let context = cairo_create(surface) else { throw BookError("cannot draw the PDF") }
        defer { cairo_destroy(context) }
        var report = BookReport(pages: pages.count, blankPages: pages.count { $0.kind == .blank }, photos: content.photoCount)
        report.leftOut = content.leftOut.map { BookReport.LeftOut(photo: $0.photo, reason: $0.reason) }
        for (index, page) in pages.enumerated() {
            guard progress(index + 1, pages.count) else { throw BookError.cancelled }
            cairo_save(context)
            cairo_translate(context, PageGeometry.bleed, PageGeometry.bleed)
            try draw(page, number: index + 1, of: content, on: PageDrawing(context: context), report: &report)
            cairo_restore(context)
            cairo_show_page(context)
        }
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw BookError("the PDF could not be written: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        try PageBoxes.set(trim: PageGeometry.bleed, reading: drawn, writing: path)
        return report
    }

    /// Page `number` (from 1) drawn as a PNG `width` pixels wide, trimmed (no bleed), for the preview.
    public func previewPNG(_ content: BookContent, page number: Int, width: Int) throws(BookError) -> [UInt8] {
        let pages = layout.pages(of: content)
        guard pages.indices.contains(number - 1), (16...4000).contains(width) else { throw BookError("the book has no page \(number)") }
        let scale = Double(width) / geometry.width
        let height = Int((geometry.height * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw BookError("cannot draw the page")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw BookError("cannot draw the page") }
        defer { cairo_destroy(context) }
        cairo_scale(context, scale, scale)
        var report = BookReport()
        try draw(pages[number - 1], number: number, of: content, on: PageDrawing(context: context), report: &report, preview: scale)
        cairo_surface_flush(surface)
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { target in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
                        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, target)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw BookError("cannot encode the page") }
        return bytes
    }

    // MARK: Pages

    private func draw(
        _ page: BookPage, number: Int, of content: BookContent, on drawing: PageDrawing, report: inout BookReport,
        preview: Double? = nil
    ) throws(BookError) {
        // Paper: white to the bleed's edge.
        drawing.colour(1, 1, 1)
        drawing.fill(geometry.bleedBox)
        let safe = geometry.safe
        switch page.kind {
        case .cover:
            try drawCover(page, content, on: drawing, preview: preview)
        case .title:
            var y = safe.y + 24
            drawing.colour(0.1, 0.1, 0.12)
            y +=
                drawing.text(
                    content.title, in: Rect(x: safe.x, y: y, width: safe.width, height: 80), size: 28, bold: true, centred: true, lines: 3)
                + 8
            drawing.colour(0.35, 0.35, 0.4)
            y +=
                drawing.text(content.subtitle, in: Rect(x: safe.x, y: y, width: safe.width, height: 30), size: 13, centred: true, lines: 2)
                + 24
            if let route = content.route, !route.isEmpty {
                RouteMap(route: route).draw(in: Rect(x: safe.x, y: y, width: safe.width, height: safe.maxY - y), on: drawing)
            }
        case .day:
            guard let index = page.day else { break }
            let day = content.days[index]
            var y = safe.y + safe.height * 0.35
            drawing.colour(0.1, 0.1, 0.12)
            y +=
                drawing.text(
                    day.title, in: Rect(x: safe.x, y: y, width: safe.width, height: 90), size: 26, bold: true, centred: true, lines: 2) + 14
            drawing.colour(0.3, 0.3, 0.35)
            if !day.places.isEmpty {
                y +=
                    drawing.text(
                        day.places.joined(separator: " · "), in: Rect(x: safe.x, y: y, width: safe.width, height: 60), size: 14,
                        centred: true, lines: 3) + 8
            }
            let facts = [day.distance, "\(day.photos.count) \(day.photos.count == 1 ? "photo" : "photos")"].compactMap { $0 }.joined(
                separator: " · ")
            drawing.text(facts, in: Rect(x: safe.x, y: y, width: safe.width, height: 20), size: 11, centred: true, lines: 1)
        case .photos:
            for placed in page.photos {
                try drawPhoto(placed, page: number, on: drawing, report: &report, preview: preview)
            }
            drawing.colour(0.5, 0.5, 0.55)
            drawing.text(
                String(number), in: Rect(x: safe.x, y: geometry.height - PageGeometry.safeMargin + 6, width: safe.width, height: 12),
                size: 8, centred: true, lines: 1)
        case .figures:
            drawing.colour(0.1, 0.1, 0.12)
            drawing.text(
                "The trip in figures", in: Rect(x: safe.x, y: safe.y + 40, width: safe.width, height: 40), size: 22, bold: true,
                centred: true, lines: 1)
            let columns = 2, rowHeight = 90.0
            let width = safe.width / Double(columns)
            for (index, figure) in content.figures.enumerated() {
                let cell = Rect(
                    x: safe.x + Double(index % columns) * width, y: safe.y + 130 + Double(index / columns) * rowHeight, width: width,
                    height: rowHeight)
                drawing.colour(0.1, 0.1, 0.12)
                drawing.text(
                    figure.value, in: Rect(x: cell.x, y: cell.y, width: cell.width, height: 44), size: 32, bold: true, centred: true,
                    lines: 1)
                drawing.colour(0.4, 0.4, 0.45)
                drawing.text(
                    figure.label, in: Rect(x: cell.x, y: cell.y + 46, width: cell.width, height: 18), size: 11, centred: true, lines: 1)
            }
        case .blank:
            break
        case .back:
            drawing.colour(0.16, 0.2, 0.26)
            drawing.fill(geometry.bleedBox)
            drawing.colour(1, 1, 1, 0.9)
            drawing.text(
                content.title, in: Rect(x: safe.x, y: safe.maxY - 60, width: safe.width, height: 24), size: 12, bold: true, centred: true,
                lines: 1)
            drawing.colour(1, 1, 1, 0.6)
            drawing.text(
                "Made with RoadTrip", in: Rect(x: safe.x, y: safe.maxY - 34, width: safe.width, height: 16), size: 9, centred: true,
                lines: 1)
        }
    }

    /// The cover: its photo to the bleed's edge, the title on the photo's calmest third on a
    /// band, set as large as fits inside the safe margin in two lines.
    private func drawCover(_ page: BookPage, _ content: BookContent, on drawing: PageDrawing, preview: Double?) throws(BookError) {
        var third = 2
        if let placed = page.photos.first {
            let picture = try self.picture(of: placed, preview: preview)
            drawing.paint(picture.picture, in: placed.frame)
            third = picture.calmestThird
        } else {
            drawing.colour(0.16, 0.2, 0.26)
            drawing.fill(geometry.bleedBox)
        }
        let (band, box) = coverTitle(third: third)
        let size = drawing.fitting(
            content.title, in: Rect(x: box.x, y: box.y, width: box.width, height: box.height * 0.72), size: 40,
            smallest: 12, bold: true, lines: 2)
        drawing.colour(0, 0, 0, page.photos.isEmpty ? 0 : 0.42)
        drawing.fill(band)
        drawing.colour(1, 1, 1)
        let height = drawing.text(content.title, in: box, size: size, bold: true, centred: true, lines: 2)
        drawing.colour(1, 1, 1, 0.85)
        drawing.text(
            content.subtitle, in: Rect(x: box.x, y: box.y + height + 4, width: box.width, height: 20), size: max(9, size * 0.38),
            centred: true, lines: 1)
    }

    /// The cover's band across the third it is on (to the bleed's edges) and the title's box in
    /// it: inside the safe margin whatever the page.
    func coverTitle(third: Int) -> (band: Rect, box: Rect) {
        let safe = geometry.safe
        let band = Rect(
            x: -PageGeometry.bleed, y: Double(third) * geometry.height / 3 + geometry.height / 12,
            width: geometry.media.width, height: geometry.height / 6)
        let top = max(safe.y, band.y + 8)
        return (band, Rect(x: safe.x, y: top, width: safe.width, height: min(band.maxY - 8, safe.maxY) - top))
    }

    private func drawPhoto(_ placed: PlacedPhoto, page: Int, on drawing: PageDrawing, report: inout BookReport, preview: Double?)
        throws(BookError)
    {
        let made = try picture(of: placed, preview: preview)
        drawing.paint(made.picture, in: placed.frame)
        if preview == nil, made.dpi < BookReport.lowDPI {
            report.lowResolution.append(BookReport.LowResolution(photo: placed.photo.name, page: page, dpi: made.dpi))
        }
        if let caption = placed.caption, !placed.photo.caption.isEmpty {
            drawing.colour(0.35, 0.35, 0.4)
            drawing.text(placed.photo.caption, in: caption, size: 7.5, lines: 1)
        }
    }

    /// The photo at the pixels its frame needs: 300 dpi of its printed size (fewer for a
    /// preview), never more than it has; how many dots an inch it prints at; its calmest third.
    private func picture(of placed: PlacedPhoto, preview: Double?) throws(BookError) -> (picture: Picture, dpi: Int, calmestThird: Int) {
        let perPoint = preview ?? Self.dpi / 72
        let (width, height) = (Int((placed.frame.width * perPoint).rounded(.up)), Int((placed.frame.height * perPoint).rounded(.up)))
        let made: PrintPicture
        do {
            // The cover's pixels say where its title reads; a preview paints pixels.
            made = try processor.printPicture(
                of: placed.photo.path, width: width, height: height, crop: placed.crop,
                pixels: preview != nil || placed.crop)
        } catch {
            throw BookError("\(placed.photo.name) cannot be printed: \(error)")
        }
        let dpi = Int(min(100_000, (Double(made.width) / max(placed.frame.width / 72, 1e-6)).rounded(.down)))
        let picture = try Picture(rgb: made.rgb, jpeg: preview == nil ? made.jpeg : nil, width: made.width, height: made.height)
        return (picture, dpi, made.rgb.isEmpty ? 2 : Self.calmestThird(of: made))
    }

    /// The third (0 top, 1 middle, 2 bottom) whose light varies least: where a title reads.
    static func calmestThird(of picture: PrintPicture) -> Int {
        var best = (third: 2, spread: Double.infinity)
        let rows = max(1, picture.height / 3)
        for third in 0..<3 {
            var sum = 0.0, squares = 0.0, count = 0.0
            for y in stride(from: third * rows, to: min(picture.height, (third + 1) * rows), by: 2) {
                for x in stride(from: 0, to: picture.width, by: 2) {
                    let at = (y * picture.width + x) * 3
                    let light =
                        0.2126 * Double(picture.rgb[at]) + 0.7152 * Double(picture.rgb[at + 1]) + 0.0722 * Double(picture.rgb[at + 2])
                    sum += light
                    squares += light * light
                    count += 1
                }
            }
            guard count > 0 else { continue }
            let spread = squares / count - (sum / count) * (sum / count)
            if spread < best.spread - 1 { best = (third, spread) }
        }
        return best.third
    }
}
