import Foundation

extension DestinationFile {
    /// One value of a catalogue file, whichever format it came in: the shape both readers build
    /// so that one validator applies the same rules to both.
    struct Value: Sendable {
        enum Content: Sendable {
            case dictionary([String: Value])
            case array([Value])
            case string(String)
            /// A number with the text it was written as, so a plist `<real>0</real>` subtitle reads "0".
            case number(Double, text: String)
            case boolean(Bool)
            /// A value a catalogue never uses (a date, data, JSON null), named for messages.
            case other(String)
        }

        var content: Content
        /// The line the value starts on; nil for JSON, whose reader does not report lines.
        var line: Int?

        /// How a message names this value: a short quoted string, a number, or its kind.
        var summary: String {
            switch content {
            case .dictionary: "a dictionary"
            case .array: "an array"
            case .string(let text): Self.quoted(text)
            case .number(_, let text): text
            case .boolean(let flag): flag ? "true" : "false"
            case .other(let kind): kind
            }
        }

        /// A string as a message shows it: quoted, escaped, and cut short if long.
        static func quoted(_ text: String) -> String {
            let limit = 80
            guard text.count > limit else { return text.debugDescription }
            return String(text.prefix(limit)).debugDescription + "…"
        }
    }

    /// Values may nest this deep; the catalogue itself needs five levels.
    static let maximumNesting = 32

    /// A key path one step further down: `DestinationData` + `[0]`, or + `.Events`.
    static func keyPath(_ base: String?, key: String) -> String {
        guard let base, !base.isEmpty else { return key }
        return base + "." + key
    }

    static func keyPath(_ base: String?, index: Int) -> String {
        (base ?? "") + "[\(index)]"
    }

    /// Reads a decimal number as a person writes it: `40.689244`, `-74`, `1e3`. Unlike
    /// `Double(_:)` it refuses `nan`, `inf` and hexadecimal.
    static func decimalNumber(_ text: String, integerOnly: Bool = false) -> Double? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if !integerOnly, bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        if !integerOnly, let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return nil }
            bytes = bytes.dropFirst(exponentDigits)
        }
        guard bytes.isEmpty else { return nil }
        return Double(text)
    }
}
