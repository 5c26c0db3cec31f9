/// The numbers of a KML coordinates text, read from the text where it lies, one tuple at a
/// time: no array of its tuples (nor of their fields) is made first, so a `<coordinates>` of
/// ten million tuples costs nothing but its text up to the one the limit refuses. (Splitting it
/// first took 720 MB and 7.9 s for a 63 MB line.)
struct KMLCoordinates {
    private let text: String
    private var index: String.Index

    init(_ text: String) {
        self.text = text
        index = text.utf8.startIndex
    }

    /// The next `lon,lat[,alt]` tuple of a LineString or Point: tuples are parted by whitespace,
    /// fields by commas, and a comma may be followed by one space ("11.2558, 43.7696"), as some
    /// writers put it. Nil past the last tuple; a number missing or not a number is nil.
    mutating func nextTuple() -> (longitude: Double?, latitude: Double?)? {
        skipWhitespace()
        guard index < text.utf8.endIndex else { return nil }
        var numbers = Numbers()
        while true {
            let field = index
            while index < text.utf8.endIndex, text.utf8[index] != 0x2C, !isWhitespace() { advanceScalar() }
            numbers.add(text.utf8[field..<index])
            guard index < text.utf8.endIndex, text.utf8[index] == 0x2C else { break }
            text.utf8.formIndex(after: &index)
            if index < text.utf8.endIndex, text.utf8[index] == 0x20 { text.utf8.formIndex(after: &index) }
        }
        return (numbers.first, numbers.second)
    }

    /// The first two whitespace-parted numbers of a `gx:coord` ("lon lat alt"); the rest unread.
    mutating func firstTwoWords() -> (longitude: Double?, latitude: Double?) {
        var numbers = Numbers()
        while numbers.count < 2 {
            skipWhitespace()
            guard index < text.utf8.endIndex else { break }
            let word = index
            while index < text.utf8.endIndex, !isWhitespace() { advanceScalar() }
            numbers.add(text.utf8[word..<index])
        }
        return (numbers.first, numbers.second)
    }

    /// The first two fields' numbers (nil where one is not a number); later fields are counted, not read.
    private struct Numbers {
        var first: Double?
        var second: Double?
        var count = 0

        mutating func add(_ field: Substring.UTF8View) {
            if count < 2 {
                // A number's text is short (a small string, made without allocating); a field of
                // thousands of characters is none, and is not copied to be found so.
                let value = field.count <= 400 ? Double(String(decoding: field, as: UTF8.self)) : nil
                if count == 0 { first = value } else { second = value }
            }
            count += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < text.utf8.endIndex, isWhitespace() { advanceScalar() }
    }

    /// Whether the scalar at `index` is whitespace (Unicode's: a no-break space parts tuples, as
    /// `split(whereSeparator: \.isWhitespace)` did).
    private func isWhitespace() -> Bool {
        let byte = text.utf8[index]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        return text.unicodeScalars[index].properties.isWhitespace
    }

    private mutating func advanceScalar() {
        index = text.unicodeScalars.index(after: index)
    }
}
