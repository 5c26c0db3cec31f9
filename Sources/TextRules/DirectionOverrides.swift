/// Unicode's explicit bidirectional embeddings, overrides and isolates: U+202A–U+202E (LRE,
/// RLE, PDF, LRO, RLO) and U+2066–U+2069 (LRI, RLI, FSI, PDI). They are invisible, and they
/// reorder the text around them, so "photo\u{202E}gpj.exe" reads as "photoexe.jpg" and one
/// name can be made to look like another. Every name RoadTrip shows follows this one rule:
/// what a person types is refused (so they know), what arrives from files and services is
/// cleaned (nobody is there to ask).
public enum DirectionOverrides {
    public static func isOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    public static func found(in text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isOverride)
    }

    /// The text without them; the text itself when it has none.
    public static func removed(from text: String) -> String {
        guard found(in: text) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isOverride($0) }))
    }
}

/// What a person cannot see in text that came from files and services, and so never shown:
/// control characters (C0 and C1) and the direction overrides above.
public enum UnseenCharacters {
    public static func removed(from text: some StringProtocol) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.properties.generalCategory != .control && !DirectionOverrides.isOverride($0) }))
    }
}
