/// The escaping rules, in one place.
enum Escape {
    static func text(_ value: String, into output: inout [UInt8]) {
        escape(value, table: textTable, into: &output)
    }

    /// Attribute values are always written in double quotes; single quotes are escaped too
    /// so that a value stays safe wherever it is moved.
    static func attribute(_ value: String, into output: inout [UInt8]) {
        escape(value, table: attributeTable, into: &output)
    }

    /// Works on UTF-8 bytes and copies the runs between special characters whole: most text has
    /// none, so it costs one table look-up a byte and one copy.
    private static func escape(_ value: String, table: [UInt8], into output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            table.withUnsafeBufferPointer { table in
                var runStart = 0
                for index in bytes.indices where table[Int(bytes[index])] != 0 {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    replacement(for: bytes[index]).withUTF8Buffer { output.append(contentsOf: $0) }
                    runStart = index + 1
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
        }
    }

    private static func replacement(for byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: "\u{FFFD}"  // NUL never reaches the output
        }
    }

    /// A byte is special where its entry is not 0.
    private static let textTable = table(special: "&<>\0")
    private static let attributeTable = table(special: "&<>\"'\0")

    private static func table(special: String) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in special.utf8 { table[Int(byte)] = 1 }
        return table
    }
}
