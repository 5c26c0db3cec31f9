/// Why Flickr gave nothing to show. Each case reads as one line on the Flickr tab; reasons are
/// free of the API key, which `redacting(_:)` removes from any text that came from outside.
public enum FlickrError: Error, Sendable, Equatable, CustomStringConvertible {
    case noKey
    /// Flickr's stat fail code 100.
    case invalidKey
    /// HTTP 429, or a stat fail whose message speaks of a rate limit.
    case rateLimited
    /// Flickr's stat fail 0, 10 or 105, or HTTP 5xx.
    case unavailable(String)
    /// No answer came: refused, timed out, no DNS, a body over the limit.
    case network(String)
    /// The answer is not JSON, or not the JSON Flickr documents.
    case badAnswer(String)

    public var description: String {
        switch self {
        case .noKey:
            "Flickr needs an API key: the owner can enter one in Settings."
        case .invalidKey:
            "Flickr refused the API key; check it in Settings."
        case .rateLimited:
            "Flickr is limiting requests from this server; try again in a few minutes."
        case .unavailable(let reason):
            "Flickr is not available right now (\(Self.line(reason)))."
        case .network(let reason):
            "Flickr cannot be reached: \(Self.line(reason))."
        case .badAnswer(let reason):
            "Flickr sent an answer RoadTrip does not understand (\(Self.line(reason)))."
        }
    }

    /// The same error with every occurrence of `key` (as written, and percent-encoded as it
    /// travels in a URL) removed from its reason.
    public func redacting(_ key: String) -> FlickrError {
        switch self {
        case .noKey, .invalidKey, .rateLimited: self
        case .unavailable(let reason): .unavailable(FlickrRedaction.redact(key, in: reason))
        case .network(let reason): .network(FlickrRedaction.redact(key, in: reason))
        case .badAnswer(let reason): .badAnswer(FlickrRedaction.redact(key, in: reason))
        }
    }

    static let longestReason = 200

    /// A reason fit for one line: no control characters, no `api_key=` value (a last guard for a
    /// URL that reached a reason unredacted), no final period (the sentence adds its own), bounded.
    private static func line(_ reason: String) -> String {
        var text = FlickrRedaction.redactQueryKeys(in: reason)
        text = String(text.unicodeScalars.map { breaksTheLine($0) ? " " : Character($0) })
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        while text.hasSuffix(".") { text.removeLast() }
        if text.count > longestReason { text = String(text.prefix(longestReason - 1)) + "…" }
        return text.isEmpty ? "no details" : text
    }

    /// Control characters, line and paragraph separators, and invisible format characters (a
    /// right-to-left override would turn the rest of the line around).
    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format: true
        default: false
        }
    }
}
