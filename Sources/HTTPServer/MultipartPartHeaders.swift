/// One part's header block, as far as a form needs it (RFC 7578 §4.2).
package struct MultipartPartHeaders {
    let fieldName: String
    /// Nil for an ordinary field; set, possibly empty, for a file input.
    let fileName: String?
    let contentType: String?

    /// `lines` are the block's lines without their line ends; `number` counts parts from 1,
    /// for the messages. Header names are compared without regard to case.
    init(lines: [[UInt8]], number: Int) throws(MultipartError) {
        var disposition: String?
        var contentType: String?
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0, line[0] != 0x20, line[0] != 0x09 else {
                throw MultipartError("part \(number) has a malformed header line")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            // Browsers send file names as raw UTF-8; a stray invalid byte only costs a U+FFFD.
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)[...].trimmingSpaces
            if name == "content-disposition", disposition == nil { disposition = value }
            if name == "content-type", contentType == nil { contentType = value }
        }
        guard let disposition else { throw MultipartError("part \(number) has no Content-Disposition") }
        let parameters = HeaderParameters(disposition)
        guard parameters.value.lowercased() == "form-data" else { throw MultipartError("part \(number) is not form-data") }
        guard let name = parameters.parameter("name") else { throw MultipartError("part \(number) has no field name") }
        fieldName = name
        if let extended = parameters.parameter("filename*") {
            // The RFC 8187 form wins; one that cannot be decoded falls back on the plain one.
            fileName = MultipartPartHeaders.sanitized(ExtendedValue.decode(extended) ?? parameters.parameter("filename") ?? "")
        } else {
            fileName = parameters.parameter("filename").map(MultipartPartHeaders.sanitized)
        }
        self.contentType = contentType
    }

    /// A file name as a person would see it, never as a path: the last component after `/` or
    /// `\` (old browsers sent `C:\Users\…\photo.jpg`), without control characters, line
    /// separators and text-direction overrides (which make `photo` U+202E `gpj.exe` read as
    /// `photoexe.jpg`). `.` and `..` name nothing and become empty.
    package static func sanitized(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        let start = scalars.lastIndex { $0 == "/" || $0 == "\\" }.map(scalars.index(after:)) ?? scalars.startIndex
        let kept = scalars[start...].filter { !isHidden($0) }
        let name = String(String.UnicodeScalarView(kept))
        return name == "." || name == ".." ? "" : name
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        switch scalar.value {
        case 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
