/// Why a gazetteer file could not be read; the description names the file and, for
/// a malformed row, its line number, so a damaged download is easy to pin down.
public struct GazetteerError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
