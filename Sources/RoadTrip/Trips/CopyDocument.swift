import Foundation

/// Makes a fetched page's copy: a `<base href>` goes first in `<head>`, so its relative links
/// and pictures still point at the site it came from. Works on bytes: the page's encoding is
/// whatever its site said, and only ASCII markup is looked for.
enum CopyDocument {
    static func withBase(_ body: [UInt8], base: String) -> [UInt8] {
        let tag = Array("<base href=\"\(escapeAttribute(effectiveBase(of: body, fetchedFrom: base)))\">".utf8)
        if let head = openingTag("head", in: body) {
            return Array(body[..<head]) + tag + Array(body[head...])
        }
        // No <head>: after <html …>, or after the doctype, so that nothing comes before it (quirks mode).
        if let html = openingTag("html", in: body) ?? doctypeEnd(in: body) {
            return Array(body[..<html]) + tag + Array(body[html...])
        }
        return tag + body
    }

    /// The base the page's links resolve against: its own `<base href>` read relative to where
    /// it was fetched, or that address itself. Ours comes first and the first one wins.
    static func effectiveBase(of body: [UInt8], fetchedFrom url: String) -> String {
        guard let start = find("<base", in: body, from: 0, wholeTag: true),
            let end = body[start...].firstIndex(of: UInt8(ascii: ">")),
            let href = attribute("href", in: String(decoding: body[start..<end], as: UTF8.self)),
            let resolved = URL(string: href, relativeTo: URL(string: url))?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return url }
        return resolved.absoluteString
    }

    /// The index just past the `>` of `<name …>` (not `<header>` for `head`).
    private static func openingTag(_ name: String, in body: [UInt8]) -> Int? {
        guard let start = find("<" + name, in: body, from: 0, wholeTag: true),
            let close = body[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return close + 1
    }

    private static func doctypeEnd(in body: [UInt8]) -> Int? {
        guard let start = find("<!doctype", in: body, from: 0, wholeTag: false),
            let close = body[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return close + 1
    }

    /// The first case-insensitive occurrence of `text`; with `wholeTag`, only where the tag
    /// name ends there (`<head>` or `<head lang=…>`, not `<header>`).
    private static func find(_ text: String, in body: [UInt8], from: Int, wholeTag: Bool) -> Int? {
        let needle = Array(text.utf8)
        guard body.count >= needle.count else { return nil }
        var start = from
        while start <= body.count - needle.count {
            if needle.indices.allSatisfy({ lowercased(body[start + $0]) == needle[$0] }) {
                let next = start + needle.count < body.count ? body[start + needle.count] : UInt8(ascii: ">")
                if !wholeTag || [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(next) { return start }
            }
            start += 1
        }
        return nil
    }

    /// A quoted or bare attribute value in a tag's text.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard
            let match = tag.range(of: "\\b\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s>]+)", options: [.regularExpression, .caseInsensitive])
        else { return nil }
        let value = tag[match].split(separator: "=", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        return value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func escapeAttribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
