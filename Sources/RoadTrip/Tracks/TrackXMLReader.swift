/// A strict, small XML reader for track files (GPX, KML) and XMP sidecars, written for what they are: UTF-8
/// documents of elements, attributes and text. It reads the bytes once, without recursion, and
/// never expands anything but the five predefined entities and character references: a document
/// type declaration (the only way to declare entities, and so to make a billion laughs) is
/// refused outright, as are other encodings, mismatched tags and nesting past `maximumDepth`.
/// Libxml2 through `XMLParser` would do the same work with a callback and several strings per
/// element: a million points took it seconds.
struct TrackXMLReader {
    enum Event: Equatable {
        /// An element's local name (its prefix dropped: `gx:Track` is "Track") and its attributes.
        case start(String, attributes: [(name: String, value: String)])
        case end(String)
        /// Text between tags, references decoded; CDATA sections included as they are.
        case text(String)

        static func == (left: Event, right: Event) -> Bool {
            switch (left, right) {
            case let (.start(a, x), .start(b, y)): a == b && x.elementsEqual(y) { $0 == $1 }
            case let (.end(a), .end(b)), let (.text(a), .text(b)): a == b
            default: false
            }
        }
    }

    static let maximumDepth = 100

    /// An element's attributes at most: a track's have a few; an XMP sidecar's description from
    /// Lightroom carries its Camera Raw settings as a couple of hundred.
    private let maximumAttributes: Int
    private let bytes: [UInt8]
    private var offset = 0
    private var open: [String] = []
    private var pendingEnd: String?
    private var sawRoot = false

    /// Checks what can be checked of the whole document first: UTF-8 (a UTF-8 byte order mark
    /// is skipped; `TrackFile.read` has refused UTF-16), no NUL, and an XML declaration, if any, naming UTF-8.
    /// The check reads the bytes where they are: `String(validating:)` made a copy of the file.
    init(_ data: [UInt8], maximumAttributes: Int = 64) throws(TrackFileError) {
        self.maximumAttributes = maximumAttributes
        guard UTF8Check.isValid(data[...]) else {
            throw TrackFileError(reason: "is not UTF-8 text")
        }
        if let nul = data.firstIndex(of: 0) {
            throw TrackFileError(line: Self.line(of: nul, in: data), reason: "holds a NUL byte, which XML text never has")
        }
        bytes = data
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Lines counted up to `countedTo`, so that asking for the line at every point reads each
    /// byte once, not once a point.
    private var countedTo = 0
    private var countedLines = 1

    /// The line of the reader's position, for messages.
    var line: Int {
        mutating get {
            if offset < countedTo { return Self.line(of: offset, in: bytes) }
            for index in countedTo..<min(offset, bytes.count) where bytes[index] == 0x0A { countedLines += 1 }
            countedTo = max(countedTo, min(offset, bytes.count))
            return countedLines
        }
    }

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    private mutating func failure(_ reason: String) -> TrackFileError {
        TrackFileError(line: line, reason: "not well-formed XML: \(reason)")
    }

    /// The next event, or nil once the root element has ended and only whitespace, comments and
    /// processing instructions follow.
    mutating func next() throws(TrackFileError) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return try closed(name)
        }
        while offset < bytes.count {
            if bytes[offset] != 0x3C {
                let text = try readText()
                if open.isEmpty {
                    guard text.allSatisfy(\.isWhitespace) else { throw failure("text outside the root element") }
                    continue
                }
                return .text(text)
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw failure("CDATA outside the root element") }
                offset += 9
                let start = offset
                try skip(past: "]]>", what: "a CDATA section")
                return .text(String(decoding: bytes[start..<(offset - 3)], as: UTF8.self))
            } else if starts(with: "<!") {
                if starts(with: "<!DOCTYPE") {
                    throw TrackFileError(
                        line: line,
                        reason:
                            """
                            declares a document type (<!DOCTYPE>), which GPX and KML files never need; it is refused so that no \
                            entity can be expanded
                            """
                    )
                }
                throw failure("unknown markup <!")
            } else if starts(with: "<?") {
                try readInstruction()
            } else if starts(with: "</") {
                offset += 2
                let name = try readName()
                skipSpaces()
                guard offset < bytes.count, bytes[offset] == 0x3E else { throw failure("expected > after </\(name)") }
                offset += 1
                return try closed(name)
            } else {
                return try readStart()
            }
        }
        guard open.isEmpty else { throw failure("the document ends inside <\(open.last ?? "")>") }
        guard sawRoot else { throw TrackFileError(reason: "holds no XML element") }
        return nil
    }

    private mutating func closed(_ name: String) throws(TrackFileError) -> Event {
        guard let last = open.popLast() else { throw failure("</\(name)> closes nothing") }
        guard last == name else { throw failure("</\(name)> closes <\(last)>") }
        return .end(Self.localName(name))
    }

    private mutating func readStart() throws(TrackFileError) -> Event {
        guard !(open.isEmpty && sawRoot) else { throw failure("a second root element") }
        offset += 1
        let name = try readName()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = skipSpaces()
            guard offset < bytes.count else { throw failure("the document ends inside <\(name)>") }
            switch bytes[offset] {
            case 0x3E:
                offset += 1
            case 0x2F where offset + 1 < bytes.count && bytes[offset + 1] == 0x3E:
                offset += 2
                pendingEnd = name
            default:
                guard hadSpace else { throw failure("expected a space before an attribute of <\(name)>") }
                let attribute = try readName()
                skipSpaces()
                guard offset < bytes.count, bytes[offset] == 0x3D else { throw failure("expected = after \(attribute)") }
                offset += 1
                skipSpaces()
                let value = try readQuoted()
                guard !attributes.contains(where: { $0.name == attribute }) else {
                    throw failure("<\(name)> has two \(attribute) attributes")
                }
                guard attributes.count < maximumAttributes else { throw failure("<\(name)> has too many attributes") }
                attributes.append((attribute, value))
                continue
            }
            break
        }
        guard open.count < Self.maximumDepth else { throw failure("elements nested more than \(Self.maximumDepth) deep") }
        open.append(name)
        sawRoot = true
        return .start(Self.localName(name), attributes: attributes.map { (Self.localName($0.name), $0.value) })
    }

    static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
        return true
    }

    private mutating func skip(past end: StaticString, what: String) throws(TrackFileError) {
        while offset < bytes.count {
            if starts(with: end) {
                offset += end.utf8CodeUnitCount
                return
            }
            offset += 1
        }
        throw failure("\(what) is not closed")
    }

    /// The XML declaration (its encoding must be UTF-8 or ASCII) or an instruction, skipped.
    private mutating func readInstruction() throws(TrackFileError) {
        let start = offset
        try skip(past: "?>", what: "a processing instruction")
        let instruction = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard instruction.hasPrefix("<?xml ") || instruction.hasPrefix("<?xml\t") || instruction.hasPrefix("<?xml\n") else { return }
        guard start == 0 || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else {
            throw failure("an XML declaration after the start")
        }
        if let range = instruction.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
            let name = instruction[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).last.map { $0.uppercased() } ?? ""
            guard ["UTF-8", "UTF8", "US-ASCII", "ASCII"].contains(name) else {
                let shown = name.count <= 40 && name.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
                throw TrackFileError(
                    line: 1, reason: "says it is in another encoding than UTF-8\(shown ? " (\(name))" : ""); save it as UTF-8")
            }
        }
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = offset
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private mutating func readName() throws(TrackFileError) -> String {
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            let isNameByte =
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x5F || byte == 0x2D || byte == 0x2E || byte == 0x3A || byte >= 0x80
            guard isNameByte else { break }
            offset += 1
        }
        guard offset > start, offset - start <= 200 else {
            throw failure(offset == start ? "expected a name" : "a name longer than 200 bytes")
        }
        let first = bytes[start]
        guard !(0x30...0x39).contains(first), first != 0x2D, first != 0x2E else { throw failure("a name starts with a digit, - or .") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func readQuoted() throws(TrackFileError) -> String {
        guard offset < bytes.count, bytes[offset] == 0x22 || bytes[offset] == 0x27 else {
            throw failure("an attribute's value is not quoted")
        }
        let quote = bytes[offset]
        offset += 1
        let start = offset
        while offset < bytes.count, bytes[offset] != quote {
            guard bytes[offset] != 0x3C else { throw failure("< inside an attribute's value") }
            offset += 1
        }
        guard offset < bytes.count else { throw failure("an attribute's value is not closed") }
        defer { offset += 1 }
        return try decoded(start..<offset)
    }

    private mutating func readText() throws(TrackFileError) -> String {
        let start = offset
        while offset < bytes.count, bytes[offset] != 0x3C { offset += 1 }
        return try decoded(start..<offset)
    }

    /// The text of `range` with its references decoded: `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`,
    /// `&#10;` and `&#x2013;`. Any other entity is an error: none can have been declared.
    /// Decoded straight into the string (a reference is never shorter than its character), so a
    /// long text is copied once.
    private mutating func decoded(_ range: Range<Int>) throws(TrackFileError) -> String {
        guard bytes[range].contains(0x26) else { return String(decoding: bytes[range], as: UTF8.self) }
        var failure: String?
        let text = String(unsafeUninitializedCapacity: range.count) { buffer in
            var output = OutputBytes(buffer: buffer)
            failure = Self.decodeReferences(bytes[range], into: &output)
            return output.count
        }
        if let failure { throw self.failure(failure) }
        return text
    }
}
