/// A pull tokenizer over JSON text (RFC 8259), written for GeoJSON track files: it hands out
/// one token at a time and keeps nothing but its place, so the reader above it keeps only what
/// it chooses and can stop at a limit before the rest of the document is read. A string or a
/// number is handed out as the range of its bytes, decoded only when asked (`text(_:)`,
/// `number(_:)`): a member that is skipped costs no memory. Nesting is bounded
/// (`maximumDepth`), so neither the tokenizer nor a reader recursing over its objects can run
/// out of stack. Foundation's JSONDecoder built the whole document first: 11 million positions
/// took 1.9 GB and 26 s before a single one could be counted.
struct JSONTokenizer {
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray
        /// A member's name; its value is the next token.
        case key(JSONString)
        case string(JSONString)
        /// The number's bytes, checked against JSON's grammar.
        case number(Range<Int>)
        case bool(Bool)
        case null
    }

    /// GeoJSON needs 7 levels (a MultiLineString in a feature of a collection) and two more for
    /// each GeometryCollection around a geometry.
    static let maximumDepth = 64

    let bytes: [UInt8]
    private(set) var offset = 0
    /// How many objects and arrays the next token is inside.
    private(set) var depth = 0
    /// Bit n set: the container at depth n + 1 is an object (an array otherwise).
    private var objects: UInt64 = 0
    private var phase = Phase.value

    private enum Phase { case value, firstKeyOrEnd, firstValueOrEnd, afterValue, done }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The next token; nil once the document has ended (and nothing but whitespace follows).
    mutating func next() throws(TrackFileError) -> Token? {
        skipSpace()
        switch phase {
        case .value:
            return try value()
        case .firstKeyOrEnd where byte == 0x7D, .afterValue where byte == 0x7D && isInObject:
            return close(.endObject)
        case .firstValueOrEnd where byte == 0x5D, .afterValue where byte == 0x5D && depth > 0 && !isInObject:
            return close(.endArray)
        case .firstKeyOrEnd:
            return try key()
        case .firstValueOrEnd:
            return try value()
        case .afterValue where depth == 0, .done:
            phase = .done
            guard offset == bytes.count else { throw failure("more text after the end of the document") }
            return nil
        case .afterValue:
            guard byte == 0x2C else {
                let container = isInObject ? ("an object", "}") : ("a list", "]")
                throw failure(offset == bytes.count ? "the document ends inside \(container.0)" : "expected , or \(container.1)")
            }
            offset += 1
            return isInObject ? try key() : try value()
        }
    }

    /// The next token, which the caller knows is a value (after a key): never nil.
    mutating func nextValue() throws(TrackFileError) -> Token {
        guard let token = try next() else { throw failure("the document ends where a value should be") }
        return token
    }

    /// Reads past the rest of the value `token` begins (nothing more for a string, number or literal).
    mutating func skip(_ token: Token) throws(TrackFileError) {
        guard token == .beginObject || token == .beginArray else { return }
        try skip(toDepth: depth - 1)
    }

    /// Reads past the next value.
    mutating func skipValue() throws(TrackFileError) {
        try skip(try nextValue())
    }

    /// Reads until the container now open at depth `target + 1` has closed.
    mutating func skip(toDepth target: Int) throws(TrackFileError) {
        while depth > target { _ = try nextValue() }
    }

    private var byte: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var isInObject: Bool { depth > 0 && objects & (1 << (depth - 1)) != 0 }

    private mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
            offset += 1
        }
    }

    private mutating func value() throws(TrackFileError) -> Token {
        skipSpace()
        guard let byte else { throw failure("the document ends where a value should be") }
        phase = .afterValue
        switch byte {
        case 0x7B: return try open(.beginObject)
        case 0x5B: return try open(.beginArray)
        case 0x22: return .string(try string())
        case 0x74: return try literal("true", .bool(true))
        case 0x66: return try literal("false", .bool(false))
        case 0x6E: return try literal("null", .null)
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw failure("expected a value")
        }
    }

    private mutating func key() throws(TrackFileError) -> Token {
        skipSpace()
        guard byte == 0x22 else { throw failure("expected a member's name in quotes") }
        let name = try string()
        skipSpace()
        guard byte == 0x3A else { throw failure("expected : after a member's name") }
        offset += 1
        phase = .value
        return .key(name)
    }

    private mutating func open(_ token: Token) throws(TrackFileError) -> Token {
        guard depth < Self.maximumDepth else { throw failure("lists and objects nested more than \(Self.maximumDepth) deep") }
        let isObject = token == .beginObject
        if isObject { objects |= 1 << depth } else { objects &= ~(1 << depth) }
        depth += 1
        offset += 1
        phase = isObject ? .firstKeyOrEnd : .firstValueOrEnd
        return token
    }

    private mutating func close(_ token: Token) -> Token {
        offset += 1
        depth -= 1
        phase = .afterValue
        return token
    }

    private mutating func literal(_ word: StaticString, _ token: Token) throws(TrackFileError) -> Token {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
        else { throw failure("expected a value") }
        offset += count
        return token
    }

    /// A string's bytes between its quotes, escapes checked (a control character must be escaped).
    private mutating func string() throws(TrackFileError) -> JSONString {
        offset += 1
        let start = offset
        var escaped = false
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x22:
                offset += 1
                return JSONString(range: start..<(offset - 1), escaped: escaped)
            case 0x5C:
                escaped = true
                switch offset + 1 < bytes.count ? bytes[offset + 1] : 0 {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    offset += 2
                case 0x75
                where offset + 6 <= bytes.count
                    && bytes[(offset + 2)..<(offset + 6)].allSatisfy({ JSONString.hexValue($0) != nil }):
                    offset += 6
                default:
                    throw failure("an unknown escape in a string")
                }
            case 0..<0x20:
                throw failure("a control character inside a string")
            default:
                offset += 1
            }
        }
        throw failure("a string is not closed")
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(TrackFileError) -> Range<Int> {
        let start = offset
        if byte == 0x2D { offset += 1 }
        let integer = offset
        guard digits() > 0 else { throw failure("a number without digits") }
        guard bytes[integer] != 0x30 || offset == integer + 1 else { throw failure("a number with a leading zero") }
        if byte == 0x2E {
            offset += 1
            guard digits() > 0 else { throw failure("a number without digits after its point") }
        }
        if byte == 0x65 || byte == 0x45 {
            offset += 1
            if byte == 0x2B || byte == 0x2D { offset += 1 }
            guard digits() > 0 else { throw failure("a number without digits in its exponent") }
        }
        // No writer of positions or times comes near; a longer one would be copied to be read.
        guard offset - start <= 400 else { throw failure("a number of more than 400 characters") }
        return start..<offset
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    func failure(_ reason: String) -> TrackFileError {
        let line = bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return TrackFileError(line: line, reason: "is not valid GeoJSON: \(reason)")
    }
}
