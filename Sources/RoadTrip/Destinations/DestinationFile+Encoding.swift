import Foundation

extension DestinationFile {
    /// The encodings of an XML catalogue that RoadTrip reads, and what the parser would read: the
    /// checks of its text (`checkText`) look at it decoded, so "<!ENTITY" in UTF-16 is found
    /// as surely as in UTF-8. Any other encoding the parser could decode (UCS-4, EBCDIC, UTF-7,
    /// whatever a declaration names) is refused rather than trusted unchecked.
    enum XMLEncoding: Equatable {
        /// UTF-8 and the single-byte encodings that keep ASCII as it is: markup is ASCII bytes.
        case asciiCompatible
        case utf16LittleEndian, utf16BigEndian

        /// What the first bytes say (a byte order mark, or "<" as UTF-16 writes it), as the
        /// parser detects it; nil for the encodings refused.
        static func detected(in data: Data) -> XMLEncoding? {
            let head = [UInt8](data.prefix(4))
            func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
            if starts([0x00, 0x00]) || starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x4C, 0x6F, 0xA7, 0x94]) { return nil }
            if starts([0xFF, 0xFE]) || starts([0x3C, 0x00]) { return .utf16LittleEndian }
            if starts([0xFE, 0xFF]) || starts([0x00, 0x3C]) { return .utf16BigEndian }
            return .asciiCompatible
        }

        /// The document as text, enough to find its declarations.
        func text(of data: Data) -> String? {
            switch self {
            case .asciiCompatible: String(decoding: data, as: UTF8.self)
            case .utf16LittleEndian: String(data: data, encoding: .utf16LittleEndian)
            case .utf16BigEndian: String(data: data, encoding: .utf16BigEndian)
            }
        }

        /// Whether the encoding an XML declaration names is one this is.
        func accepts(declared name: String) -> Bool {
            let name = name.uppercased()
            switch self {
            case .asciiCompatible:
                return ["UTF-8", "UTF8", "US-ASCII", "ASCII", "LATIN1"].contains(name)
                    || name.range(of: #"^(ISO-8859-[0-9]+|WINDOWS-125[0-8])$"#, options: .regularExpression) != nil
            case .utf16LittleEndian, .utf16BigEndian:
                return ["UTF-16", "UTF16", "UTF-16LE", "UTF-16BE"].contains(name)
            }
        }
    }

    /// Refuses a document in an encoding RoadTrip does not check (its text is checked by `checkText`).
    static func checkDeclarations(of data: Data) throws(DestinationFileError) {
        let unread = "is in a character encoding RoadTrip does not read; save it as UTF-8 (or UTF-16)"
        guard let encoding = XMLEncoding.detected(in: data), let text = encoding.text(of: data) else {
            throw DestinationFileError(reason: unread)
        }
        let declaration = text.prefix(200).range(of: #"^\x{FEFF}?<\?xml[^>]*encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression)
        if let declaration {
            // The match ends with the encoding's quoted name.
            let named = text[declaration].split(whereSeparator: { $0 == "\"" || $0 == "'" }).last.map(String.init) ?? ""
            // The name is shown only when it is plain ASCII: it comes from the file.
            let shown = named.count <= 40 && named.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
            guard encoding.accepts(declared: named) else {
                throw DestinationFileError(reason: unread + (shown ? " (it says \(named))" : ""))
            }
        }
    }
}
