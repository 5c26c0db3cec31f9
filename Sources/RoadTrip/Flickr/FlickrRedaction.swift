import Foundation

/// Keeps the API key out of anything shown or logged.
enum FlickrRedaction {
    static let mask = "•••"

    /// `text` without `key`, neither as written nor percent-encoded (either case of hex digits).
    static func redact(_ key: String, in text: String) -> String {
        guard !key.isEmpty else { return text }
        var result = text
        for form in Set([key, FlickrQuery.encode(key), FlickrQuery.encode(key, lowercaseHex: true)]) {
            result = result.replacingOccurrences(of: form, with: mask)
        }
        return result
    }

    /// `text` with the value of every `api_key=` parameter masked, whatever the key was.
    static func redactQueryKeys(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: "api_key=", options: .caseInsensitive) {
            result += rest[..<found.upperBound]
            let value = rest[found.upperBound...].prefix { !"&#\"' \t\r\n<>)".contains($0) }
            if !value.isEmpty { result += mask }
            rest = rest[value.endIndex...]
        }
        return result + rest
    }
}
