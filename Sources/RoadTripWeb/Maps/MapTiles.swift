import Foundation

/// A tile server the owner runs or may use (`--map-tiles`), drawn under the maps in place of the
/// offline basemap, credited with `--map-attribution`. The template names one host, which the
/// Content-Security-Policy then lets the browser load pictures from; without it no map asks
/// anything outside RoadTrip.
public struct MapTiles: Sendable, Equatable {
    /// `https://tiles.example.org/{z}/{x}/{y}.png`, as Leaflet's tile layer takes it.
    public let template: String
    /// Plain text, shown in the map's corner (never read as HTML).
    public let attribution: String
    /// `https://tiles.example.org` or `http://127.0.0.1:8081`: what the policy allows.
    public let origin: String

    /// Why a template or attribution cannot be used, for the command line.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public static let example = "https://tiles.example.org/{z}/{x}/{y}.png"

    public init(template: String, attribution: String) throws(Invalid) {
        let usage = "--map-tiles must be an http or https address with {z}, {x} and {y}, such as \(MapTiles.example)"
        let scheme: String
        if template.hasPrefix("https://") {
            scheme = "https"
        } else if template.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw Invalid(description: "\(usage), not '\(template)'")
        }
        let rest = template.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        guard !authority.isEmpty, MapTiles.isAuthority(authority) else {
            throw Invalid(
                description: "--map-tiles must name one host (no {s} or other placeholder in it, no user or password), not '\(template)'")
        }
        // Quotes, spaces and the like would break the attribute or the policy it goes into.
        guard path.hasPrefix("/"), path.unicodeScalars.allSatisfy(MapTiles.isPathCharacter),
            ["{z}", "{x}", "{y}"].allSatisfy(path.contains)
        else {
            throw Invalid(description: "\(usage), not '\(template)'")
        }
        let text = attribution.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 200, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Invalid(
                description:
                    """
                    --map-attribution must be one line of 1 to 200 characters crediting the tiles (their terms say what), such as \
                    '© OpenStreetMap contributors'
                    """
            )
        }
        self.template = template
        self.attribution = text
        self.origin = "\(scheme)://\(authority.lowercased())"
    }

    /// A host name, an IPv4 address or a bracketed IPv6 one, with an optional port.
    private static func isAuthority(_ text: Substring) -> Bool {
        var host = text
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            let port = text[text.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number), port.allSatisfy(\.isASCII) else { return false }
            host = text[..<colon]
        }
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && host.count > 2
                && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty
            && host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
            }
    }

    /// What a tile's path may hold: RFC 3986's unreserved and sub-delimiters, `%`, `/`, `:`, `@`,
    /// `?`, `=`, `&` and Leaflet's braces; never a quote, space, `;` or `,` (the policy's separators).
    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~/%:@?=&{}+!$*()".unicodeScalars.contains(scalar)
    }
}
