import SQLDatabase
import TextRules
internal import CPostgreSQL

/// Reads a column value from PostgreSQL's text format into the shared value kinds, by its type.
enum ValueDecoding {
    /// nil when the text is not what a value of `type` looks like.
    static func value(text bytes: UnsafeRawBufferPointer, type: Oid) -> SQLValue? {
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            return Int64(string(bytes)).map(SQLValue.integer)
        case TypeOID.float4, TypeOID.float8:
            return real(string(bytes)).map(SQLValue.real)
        case TypeOID.numeric:
            return numeric(string(bytes))
        case TypeOID.bool:
            return bytes.first.flatMap { $0 == UInt8(ascii: "t") ? .integer(1) : $0 == UInt8(ascii: "f") ? .integer(0) : nil }
        case TypeOID.bytea:
            return hexBytes(bytes).map(SQLValue.blob)
        default:
            return .text(string(bytes))
        }
    }

    private static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func real(_ text: String) -> Double? {
        switch text {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: Double(text)
        }
    }

    /// An integral numeric ("42", "42.000") that fits 64 bits is an integer; any other a real.
    private static func numeric(_ text: String) -> SQLValue? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 1 || parts[1].allSatisfy({ $0 == "0" }), let integer = Int64(parts[0]) {
            return .integer(integer)
        }
        return real(text).map(SQLValue.real)
    }

    /// bytea's hex format: `\x` then two hex digits a byte.
    private static func hexBytes(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        guard text.count >= 2, text.count % 2 == 0, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2 - 1)
        var index = 2
        while index < text.count {
            guard let high = hexDigitValue(text[index]), let low = hexDigitValue(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
