import Foundation

/// What counts as a web page's address everywhere in RoadTrip (catalogue files, event pages,
/// weather): an absolute http or https URL with a host, without spaces or control characters.
public enum WebAddress {
    public static let maximumLength = 2048

    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength,
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
