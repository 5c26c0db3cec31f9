import Foundation

/// The one rule for a name a person types (an account's, a vacation's): trimmed and composed
/// (NFC); not blank, not longer than its limit, no control characters, no text-direction
/// overrides (`DirectionOverrides`). Each kind of name says the problem in its own error.
public enum TypedName {
    public enum Problem: Error, Equatable {
        case empty, tooLong(limit: Int), controlCharacters, directionOverrides
    }

    /// The name as it will be stored.
    public static func valid(_ raw: String, limit: Int) throws(Problem) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .empty }
        guard name.count <= limit else { throw .tooLong(limit: limit) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacters }
        guard !DirectionOverrides.found(in: name) else { throw .directionOverrides }
        return name
    }
}

/// The value of a hexadecimal digit's ASCII byte (0–9, a–f, A–F); nil for any other byte.
public func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
