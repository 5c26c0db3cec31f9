/// Makes a fetched page's copy: a `<base href>` of the original goes first in `<head>`, so its
/// relative links and pictures still point at the site it came from.
enum CopyDocument {
    static func withBase(_ body: [UInt8], base: String) -> [UInt8] {
        let tag = Array("<base href=\"\(escapeAttribute(base))\">".utf8)
        guard let head = headTag(in: body),
              let close = body[head.upperBound...].firstIndex(of: UInt8(ascii: ">")) else {
            return tag + body
        }
        return Array(body[...close]) + tag + Array(body[(close + 1)...])
    }

    /// `<head>` or `<head …>`, in any case, but not `<header>`.
    private static func headTag(in body: [UInt8]) -> Range<Int>? {
        var from = 0
        while let found = range(of: Array("<head".utf8), in: body, from: from) {
            let next = found.upperBound < body.count ? body[found.upperBound] : 0
            if [UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D].contains(next) { return found }
            from = found.upperBound
        }
        return nil
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Range<Int>? {
        guard haystack.count - from >= needle.count else { return nil }
        for start in from...(haystack.count - needle.count) {
            var matches = true
            for offset in needle.indices where lowercased(haystack[start + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return start..<(start + needle.count) }
        }
        return nil
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
