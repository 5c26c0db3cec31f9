import Foundation

/// Why an answer was not copied: it is not an HTML page. A copy is served from RoadTrip's own
/// origin, so anything a browser could run from there (a script, an SVG picture, a stylesheet,
/// JSON read by a script) must never become one; an HTML page under `sandbox` runs nothing.
public struct NotAWebPage: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type the site named (its media type only, cut short), or nil when it named none.
    public let answered: String?

    public var description: String {
        let what = answered.map { "answered \($0), not a web page" } ?? "answered without saying what it sent"
        return "The site \(what); RoadTrip copies only HTML pages."
    }
}

/// The one type a copy is kept and served with: `text/html`, with the charset the page is in.
enum CopyMediaType {
    /// The type to keep an answer of `contentType` with, or why it is not kept at all.
    static func kept(_ contentType: String?, body: [UInt8]) throws(NotAWebPage) -> String {
        guard let contentType, let essence = essence(of: contentType) else { throw NotAWebPage(answered: nil) }
        guard essence == "text/html" else { throw NotAWebPage(answered: String(essence.prefix(80))) }
        return html(charset: charset(in: contentType) ?? declaredCharset(in: body))
    }

    /// The type a stored copy is served with, rebuilt from what its metadata says: nil for one an
    /// earlier RoadTrip kept as something else (a script, a picture, a PDF, no type at all),
    /// which is then no copy, and is fetched again (and refused, saying why).
    static func served(_ stored: String?) -> String? {
        guard let stored, essence(of: stored) == "text/html" else { return nil }
        return html(charset: charset(in: stored))
    }

    private static func html(charset: String?) -> String {
        charset.map { "text/html; charset=\($0)" } ?? "text/html"
    }

    /// `type/subtype`, lowercased; nil when there is none (an empty header, a bare word).
    private static func essence(of contentType: String) -> String? {
        let essence = contentType.split(separator: ";", omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces).lowercased()
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isTokenCharacter) }) else { return nil }
        return essence
    }

    /// The `charset` parameter, when it is a plain name (`utf-8`, `ISO-8859-1`, quoted or not).
    private static func charset(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            return plainName(pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return nil
    }

    /// The charset a page names in its first 1024 bytes (`<meta charset=…>` or the
    /// `http-equiv` form), which browsers look for only there: the `<base>` a copy gets in
    /// front of it could push it out, so it goes into the served type instead.
    private static func declaredCharset(in body: [UInt8]) -> String? {
        let start = String(decoding: body.prefix(1024), as: UTF8.self)
        guard let match = start.firstMatch(of: #/(?i)<meta\s[^>]*charset\s*=\s*["']?([A-Za-z0-9._:+-]+)/#) else { return nil }
        return plainName(String(match.output.1))
    }

    private static func plainName(_ name: String) -> String? {
        guard (1...40).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._:+-".contains($0)) }) else {
            return nil
        }
        return name
    }

    /// RFC 9110's token characters.
    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".contains(character))
    }
}
