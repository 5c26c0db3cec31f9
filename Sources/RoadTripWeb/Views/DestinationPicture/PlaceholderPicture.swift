import HTML
import HTTPServer

/// The picture of a destination whose own picture is missing: its initials on a colour
/// derived from its name, drawn as SVG by the same HTML renderer as the pages, so the name
/// (which may hold markup) is escaped in one place. Served at the picture's own address,
/// so every view that shows the picture gets it without knowing, and lists still load
/// their pictures lazily.
struct PlaceholderPicture: HTML {
    let name: String

    /// First letters of up to two words: "New York City" → "NY", "Ísafjörður" → "Í",
    /// "東京" → "東". Words are split at spaces, dashes and other punctuation; a name with no
    /// letter or digit at all gets its first character.
    var initials: String {
        let words = name.split { !($0.isLetter || $0.isNumber) }
        let letters = words.prefix(2).compactMap(\.first)
        let chosen = letters.isEmpty ? Array(name.prefix(1)) : letters
        return chosen.map { String($0).uppercased() }.joined()
    }

    /// 0..<360, the same for the same name in every process (Swift's `Hasher` is seeded per
    /// process, so FNV-1a over the UTF-8 bytes instead).
    var hue: Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 360)
    }

    var content: some HTML {
        // 16:9 like the bundled pictures; the initials sit in the middle, so the square crops
        // of the lists (object-fit: cover) still show them whole.
        svg(
            Attribute("xmlns", "http://www.w3.org/2000/svg"), Attribute("viewBox", "0 0 640 360"),
            .role("img"), .ariaLabel(name)
        ) {
            title(name)
            rect(.width(640), .height(360), Attribute("fill", "hsl(\(hue), 45%, 38%)"))
            svgText(
                Attribute("x", "320"), Attribute("y", "180"), Attribute("dy", "0.35em"), Attribute("text-anchor", "middle"),
                Attribute("font-family", "system-ui, sans-serif"), Attribute("font-size", "150"),
                Attribute("font-weight", "600"), Attribute("fill", "#ffffff")
            ) { initials }
        }
    }

    var response: Response {
        Response(headers: ["Content-Type": "image/svg+xml", "Cache-Control": "private, no-cache"], body: .bytes(renderBytes()))
    }
}
