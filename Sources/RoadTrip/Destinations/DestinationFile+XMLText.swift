import Foundation

extension DestinationFile.PropertyListTreeBuilder {
    /// Refuses, before XMLParser reads it, what FoundationXML would trap or crash on, checked in
    /// the text as libxml2 will read it (found by the destination-plist fuzz target):
    /// - a document read as UTF-8 that is not UTF-8: libxml2 hands its names, comments and
    ///   processing instructions on as they are, and FoundationXML unwraps their decoding (a
    ///   catalogue in ISO-8859-1 or another 8-bit encoding is refused with them: re-save it as UTF-8);
    /// - a processing instruction (`<?x?>`) other than the XML declaration: one without data
    ///   reaches FoundationXML as a null pointer, which it reads as a string;
    /// - entities declared in a document of any encoding (a UTF-16 one passed the byte check).
    static func checkText(of data: Data) throws(DestinationFileError) {
        let text = try decoded(data)
        if text.contains("<!ENTITY") {
            throw DestinationFileError(reason: "declares XML entities, which a property list never needs")
        }
        // The declaration is `<?xml` and a space at the very start (`<?xmlx?>` is an instruction
        // like any other); past its `<?`, every other one begins an instruction, even one an
        // unterminated declaration seems to hold.
        var rest = text.drop { $0 == "\u{FEFF}" }
        if rest.hasPrefix("<?xml"), rest.dropFirst(5).first.map(" \t\r\n".contains) == true {
            rest = rest.dropFirst(2)
        }
        if rest.contains("<?") {
            throw DestinationFileError(reason: "holds an XML processing instruction (<?…?>), which a property list never has")
        }
    }

    /// The document as libxml2 reads it: UTF-16 by its byte order mark or first characters, else
    /// UTF-8, without a NUL. Not the encoding it declares: libxml2 reads a document as UTF-8 when
    /// it does not know that encoding or cannot read the declaration (`encoding=ISO-8859-1"x"`), and
    /// may switch to UTF-16 when it declares that, so only UTF-8 without a NUL reads one way in all.
    private static func decoded(_ data: Data) throws(DestinationFileError) -> String {
        let head = Array(data.prefix(4))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return String(decoding: utf16(data, bigEndian: false), as: UTF16.self)
        }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return String(decoding: utf16(data, bigEndian: true), as: UTF16.self)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw DestinationFileError(reason: "is not UTF-8 text: byte \(firstInvalidUTF8(in: data)) is not part of a character")
        }
        if let nul = data.firstIndex(of: 0) {
            throw DestinationFileError(reason: "is not UTF-8 text: byte \(nul - data.startIndex) is a NUL")
        }
        return text
    }

    private static func utf16(_ data: Data, bigEndian: Bool) -> [UInt16] {
        stride(from: 0, to: data.count - 1, by: 2).map { index in
            let (first, second) = (UInt16(data[data.startIndex + index]), UInt16(data[data.startIndex + index + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
    }

    private static func firstInvalidUTF8(in data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}
