/// HTTP header fields in order, looked up without regard to case.
public struct Headers: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Adds a field without replacing others of the same name (`Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: Headers, rhs: Headers) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}

extension Headers {
    init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }
}
