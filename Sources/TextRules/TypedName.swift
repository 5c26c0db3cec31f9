import Foundation

/// The one rule for a name a person types (an account's, a vacation's): trimmed and composed
/// (NFC); not blank, not longer than its limit, no control characters, no text-direction
/// overrides (`DirectionOverrides`). Each kind of name says the problem in its own error.
public enum TypedName {
    /// The name as it will be stored; what is wrong with it said as `Failure` says it.
    public static func valid<Failure: TypedNameError>(_ raw: String, limit: Int, failing: Failure.Type) throws(Failure) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .nameEmpty }
        guard name.count <= limit else { throw .nameTooLong(limit: limit) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .nameHasControlCharacters }
        guard !DirectionOverrides.found(in: name) else { throw .nameHasDirectionOverrides }
        return name
    }
}

/// An error that says what is wrong with a typed name (its cases witness these).
public protocol TypedNameError: Error {
    static var nameEmpty: Self { get }
    static func nameTooLong(limit: Int) -> Self
    static var nameHasControlCharacters: Self { get }
    static var nameHasDirectionOverrides: Self { get }
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
