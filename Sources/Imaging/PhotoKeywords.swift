import TextRules

/// Keywords as Windows stores them in EXIF's XPKeywords tag: UTF-16LE text ending in a NUL,
/// keywords separated by ";". Files come from anywhere, so what is read is bounded and cleaned.
public enum PhotoKeywords {
    static let maximumCount = 50
    /// In characters as a reader counts them (grapheme clusters), not bytes or code units.
    static let maximumLength = 60
    private static let separator: Unicode.Scalar = ";"

    /// The keywords in `text`: control characters and text-direction overrides removed, each trimmed and cut to
    /// `maximumLength`, empty ones dropped, repeats (ignoring case) dropped keeping the first,
    /// at most `maximumCount`.
    public static func parsed(_ text: String) -> [String] {
        // Split on scalars: a ";" followed by a combining mark is a different Character.
        let scalars = UnseenCharacters.removed(from: text).unicodeScalars
        var seen: Set<String> = []
        var keywords: [String] = []
        for part in scalars.split(separator: separator) {
            if keywords.count == maximumCount { break }
            let trimmed = String(String.UnicodeScalarView(part)).trimmingWhitespace
            // Trimmed again after the cut, which may end on a space.
            let keyword = trimmed.prefix(maximumLength).trimmingWhitespace
            guard !keyword.isEmpty, seen.insert(keyword.lowercased()).inserted else { continue }
            keywords.append(keyword)
        }
        return keywords
    }

    /// UTF-16LE text up to its first NUL unit, or to the end when there is none. A trailing odd
    /// byte is ignored and unpaired surrogates become U+FFFD, so no input can make this fail.
    static func text(fromUTF16LE bytes: some Sequence<UInt8>) -> String {
        var units: [UInt16] = []
        var iterator = bytes.makeIterator()
        while let low = iterator.next(), let high = iterator.next() {
            let unit = UInt16(high) << 8 | UInt16(low)
            if unit == 0 { break }
            units.append(unit)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The XPKeywords bytes for `keywords`, written as given: joined by ";", UTF-16LE, NUL-terminated.
    static func utf16LE(_ keywords: [String]) -> [UInt8] {
        keywords.joined(separator: ";").utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] } + [0, 0]
    }
}
