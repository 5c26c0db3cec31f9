/// The escaping rules, in one place.
enum Escape {
    static func text(_ value: String, into output: inout String) {
        escape(value, quotes: false, into: &output)
    }

    /// Attribute values are always written in double quotes; single quotes are escaped too
    /// so that a value stays safe wherever it is moved.
    static func attribute(_ value: String, into output: inout String) {
        escape(value, quotes: true, into: &output)
    }

    /// Works on UTF-8 bytes and copies the runs between special characters whole: most text
    /// has none, and appending scalar by scalar made escaping the largest cost of a page.
    private static func escape(_ value: String, quotes: Bool, into output: inout String) {
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                guard let replacement = replacement(for: bytes[index], quotes: quotes) else { continue }
                if runStart < index {
                    output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                }
                output += replacement
                runStart = index + 1
            }
            if runStart == 0 {
                output += String(decoding: bytes, as: UTF8.self)
            } else if runStart < bytes.count {
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
        }
    }

    private static func replacement(for byte: UInt8, quotes: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\"") where quotes: "&quot;"
        case UInt8(ascii: "'") where quotes: "&#39;"
        case 0: "\u{FFFD}"
        default: nil
        }
    }
}
