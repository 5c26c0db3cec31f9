import CQPDF
import Foundation

/// Sets each page's TrimBox and BleedBox (Cairo writes the MediaBox alone) with qpdf, which
/// reads the PDF Cairo wrote and writes it again whole: a print shop trims at the TrimBox and
/// prints to the BleedBox.
enum PageBoxes {
    static func set(trim bleed: Double, reading source: String, writing destination: String) throws(BookError) {
        guard let qpdf = qpdf_init() else { throw BookError("qpdf could not start") }
        defer {
            var handle: qpdf_data? = qpdf
            qpdf_cleanup(&handle)
        }
        qpdf_silence_errors(qpdf)
        guard qpdf_read(qpdf, source, nil) & QPDF_ERRORS == 0 else { throw failure(qpdf, "read") }
        let pages = qpdf_get_num_pages(qpdf)
        guard pages > 0 else { throw BookError("the PDF Cairo wrote has no pages") }
        for index in 0..<pages {
            let page = qpdf_get_page_n(qpdf, Int(index))
            let media = qpdf_oh_get_key(qpdf, page, "/MediaBox")
            guard qpdf_oh_is_array(qpdf, media) != 0, qpdf_oh_get_array_n_items(qpdf, media) == 4 else {
                throw BookError("page \(index + 1) of the PDF has no MediaBox")
            }
            let corners = (0..<4).map { qpdf_oh_get_numeric_value(qpdf, qpdf_oh_get_array_item(qpdf, media, Int32($0))) }
            let numbers = { (values: [Double]) in "[" + values.map { String(format: "%.4f", $0) }.joined(separator: " ") + "]" }
            qpdf_oh_replace_key(qpdf, page, "/BleedBox", qpdf_oh_parse(qpdf, numbers(corners)))
            qpdf_oh_replace_key(
                qpdf, page, "/TrimBox",
                qpdf_oh_parse(qpdf, numbers([corners[0] + bleed, corners[1] + bleed, corners[2] - bleed, corners[3] - bleed])))
        }
        let part = destination + ".part"
        guard qpdf_init_write(qpdf, part) & QPDF_ERRORS == 0 else { throw failure(qpdf, "write") }
        qpdf_set_object_stream_mode(qpdf, qpdf_o_generate)
        guard qpdf_write(qpdf) & QPDF_ERRORS == 0 else {
            unlink(part)
            throw failure(qpdf, "write")
        }
        guard rename(part, destination) == 0 else {
            unlink(part)
            throw BookError("cannot put the PDF at \(destination): \(String(cString: strerror(errno)))")
        }
    }

    private static func failure(_ qpdf: qpdf_data, _ doing: String) -> BookError {
        let detail = qpdf_has_error(qpdf) != 0 ? String(cString: qpdf_get_error_full_text(qpdf, qpdf_get_error(qpdf))) : "no detail"
        return BookError("qpdf could not \(doing) the PDF: \(detail)")
    }
}
