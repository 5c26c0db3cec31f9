/// Where markup is rendered: one growing buffer of UTF-8 bytes, and what the page being rendered
/// tells its parts (the form token) or learns from them (the scripts they need).
///
/// Everything is written as bytes: constant markup (tag and attribute names, the static strings
/// of the program) is copied as it is; text and attribute values go through `Escape` on their way in.
public struct HTMLOutput {
    @usableFromInline var bytes: [UInt8]

    /// The token every form on the page sends back to prove it came from this site (CSRF).
    /// Nil where the page was rendered without one: a form rendered then could never be sent.
    public let formToken: String?

    /// The scripts the markup asked for with `requestScript(_:)`, each once, in the order first asked.
    public private(set) var requestedScripts: [String] = []

    public init(formToken: String? = nil, capacity: Int = 16_384) {
        bytes = []
        bytes.reserveCapacity(capacity)
        self.formToken = formToken
    }

    /// The markup rendered so far.
    public var markup: [UInt8] { bytes }

    /// Notes that the page needs the script `name`; a page's shell links what its markup asked for.
    public mutating func requestScript(_ name: String) {
        if !requestedScripts.contains(name) { requestedScripts.append(name) }
    }

    /// Markup the program wrote, copied as it is: a tag's or attribute's name, fixed punctuation.
    @inlinable
    mutating func write(_ constant: StaticString) {
        constant.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inlinable
    mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Markup copied as it is: only for markup the program made (`HTMLRaw`, a rendered fragment).
    public mutating func writeVerbatim(_ markup: [UInt8]) {
        bytes.append(contentsOf: markup)
    }

    /// Text content: `&`, `<` and `>` escaped.
    @usableFromInline
    mutating func writeText(_ text: String) {
        Escape.text(text, into: &bytes)
    }

    /// An attribute's value, to go between double quotes: `&`, `<`, `>`, `"` and `'` escaped.
    @usableFromInline
    mutating func writeAttributeValue(_ value: String) {
        Escape.attribute(value, into: &bytes)
    }
}
