import Foundation

/// The one way RoadTrip compares place names: a user typing "sao paulo" or "ZURICH"
/// must find "São Paulo" and "Zürich".
public enum NameFolding {
    /// Lowercased, diacritics removed (é→e, ü→u, ß→ss, ł→l, ø→o…), punctuation and
    /// whitespace runs collapsed to one space, trimmed: "São Paulo" → "sao paulo",
    /// "Zürich" → "zurich", "  NEW   york " → "new york".
    ///
    /// Apostrophes (' ’ ‘ ʻ ʼ …) are dropped rather than turned into a space: people type
    /// "hawaii", "hells kitchen" and "ras al khaymah", not "hawai i" or "hell s kitchen".
    public static func fold(_ text: String) -> String {
        var folder = NameFolder()
        var bytes: [UInt8] = []
        folder.fold(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Folds text to UTF-8 bytes. It remembers what each non-ASCII scalar became, because the
/// gazetteer's 170,000 names use only a few hundred distinct ones and Foundation's
/// decomposition is the slow part of folding.
struct NameFolder {
    private static let space = UInt8(ascii: " ")
    private var foldedScalars: [Unicode.Scalar: [UInt8]] = [:]

    /// Appends the folded form of `text` to `output`; a space byte only ever separates words.
    mutating func fold(_ text: String, into output: inout [UInt8]) {
        let start = output.count
        var pendingSpace = false
        func emit(_ byte: UInt8) {
            if byte == Self.space {
                pendingSpace = true
                return
            }
            if pendingSpace && output.count > start { output.append(Self.space) }
            pendingSpace = false
            output.append(byte)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if let byte = Self.foldASCII(UInt8(scalar.value)) { emit(byte) }
            } else {
                for byte in folded(scalar) { emit(byte) }
            }
        }
    }

    private mutating func folded(_ scalar: Unicode.Scalar) -> [UInt8] {
        if let known = foldedScalars[scalar] { return known }
        let bytes = Self.foldNonASCII(scalar)
        foldedScalars[scalar] = bytes
        return bytes
    }

    /// Letters lowercased, digits kept, apostrophes dropped (nil), anything else a separator.
    private static func foldASCII(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case UInt8(ascii: "'"), UInt8(ascii: "`"): nil
        default: space
        }
    }

    /// Compatibility decomposition splits "é" into "e" and a combining accent (and
    /// full-width "Ｚ" into "Z"); the accents go, the letters are lowercased. Letters with no
    /// decomposition (ß, ł, ø…) come from a small table.
    private static func foldNonASCII(_ scalar: Unicode.Scalar) -> [UInt8] {
        if apostrophes.contains(scalar.value) { return [] }
        var bytes: [UInt8] = []
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            for letter in part.properties.lowercaseMapping.unicodeScalars {
                if letter.isASCII {
                    if let byte = foldASCII(UInt8(letter.value)) { bytes.append(byte) }
                    continue
                }
                let properties = letter.properties
                switch properties.generalCategory {
                case .nonspacingMark, .enclosingMark:
                    continue
                default:
                    if let replacement = letterReplacements[letter.value] {
                        bytes.append(contentsOf: replacement.utf8)
                    } else if properties.isAlphabetic || properties.numericType != nil {
                        bytes.append(contentsOf: String(letter).utf8)
                    } else if !apostrophes.contains(letter.value) {
                        bytes.append(space)
                    }
                }
            }
        }
        return bytes
    }

    private static let apostrophes: Set<UInt32> = [
        0x00B4, 0x02B9, 0x02BB, 0x02BC, 0x02BD, 0x02BE, 0x02BF, 0x2018, 0x2019, 0x201B, 0x2032,
    ]

    /// Letters that are not a base letter plus an accent in Unicode, as folded by the usual
    /// Latin-to-ASCII tables; the final sigma becomes a plain sigma so Greek words match anywhere.
    private static let letterReplacements: [UInt32: String] = [
        0x00DF: "ss", 0x00E6: "ae", 0x0153: "oe", 0x00F8: "o", 0x0142: "l", 0x0111: "d",
        0x00F0: "d", 0x00FE: "th", 0x0127: "h", 0x0131: "i", 0x0259: "e", 0x0167: "t",
        0x0180: "b", 0x0192: "f", 0x0268: "i", 0x0253: "b", 0x0257: "d", 0x0199: "k",
        0x03C2: "σ",
    ]
}
