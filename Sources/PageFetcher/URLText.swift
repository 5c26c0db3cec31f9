/// The little that is read from a URL before curl sees it: its scheme, and where its
/// credentials are, to keep them out of messages.
enum URLText {
    /// The scheme, lowercased, when the text starts with `scheme://` (RFC 3986: a letter,
    /// then letters, digits, `+`, `-` or `.`). Relative references and `javascript:` have none.
    static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = text.utf8[..<colon]
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }),
            text.utf8[colon...].starts(with: "://".utf8)
        else { return nil }
        return String(decoding: scheme, as: UTF8.self).lowercased()
    }

    static func isHTTP(_ text: String) -> Bool {
        scheme(of: text).map { $0 == "http" || $0 == "https" } ?? false
    }

    /// The text with any `user:password@` of its authority removed.
    static func withoutCredentials(_ text: String) -> String {
        guard let separator = text.firstRange(of: "://") else { return text }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<separator.upperBound]) + String(text[text.index(after: at)...])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
