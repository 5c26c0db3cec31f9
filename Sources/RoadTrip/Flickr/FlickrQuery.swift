import Foundation

/// Builds the addresses of Flickr's REST calls: the endpoint, then `name=value` pairs with every
/// name and value percent-encoded (RFC 3986: all but letters, digits and `-._~`).
enum FlickrQuery {
    static func url(endpoint: URL, parameters: [(name: String, value: String)]) -> URL? {
        var base = endpoint.absoluteString
        if let fragment = base.firstIndex(of: "#") { base = String(base[..<fragment]) }
        let query = parameters.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
        let separator = !base.contains("?") ? "?" : base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&"
        return URL(string: base + separator + query)
    }

    static func encode(_ text: String, lowercaseHex: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded +=
                    "%" + String(byte >> 4, radix: 16, uppercase: !lowercaseHex) + String(byte & 0x0F, radix: 16, uppercase: !lowercaseHex)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// An http or https URL with a host, the only kind taken from an answer or used as endpoint.
    static func isWebURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
