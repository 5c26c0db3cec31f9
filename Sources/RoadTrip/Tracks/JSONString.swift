/// A JSON string as the tokenizer found it: the range of its bytes between the quotes, and
/// whether any of them is an escape (else its bytes are its text).
struct JSONString: Equatable {
    let range: Range<Int>
    let escaped: Bool

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension JSONTokenizer {
    /// A string's text, escapes decoded: copied once, straight into the string. Refused when
    /// its bytes are not UTF-8. (A lone surrogate escape, which no text can hold, reads as U+FFFD.)
    func text(_ string: JSONString) throws(TrackFileError) -> String {
        let raw = bytes[string.range]
        guard UTF8Check.isValid(raw) else { throw failure("a string is not UTF-8 text") }
        guard string.escaped else { return String(decoding: raw, as: UTF8.self) }
        // Every escape is at least as long as what it stands for, so the text fits in the raw length.
        return String(unsafeUninitializedCapacity: raw.count) { output in
            var written = 0
            func append(_ unit: UInt8) {
                guard written < output.count else { return }
                output[written] = unit
                written += 1
            }
            func append(_ scalar: Unicode.Scalar) {
                for unit in scalar.utf8 { append(unit) }
            }
            var index = raw.startIndex
            while index < raw.endIndex {
                guard raw[index] == 0x5C, index + 1 < raw.endIndex else {
                    append(raw[index])
                    index += 1
                    continue
                }
                let simple: UInt8? =
                    switch raw[index + 1] {
                    case 0x62: 0x08
                    case 0x66: 0x0C
                    case 0x6E: 0x0A
                    case 0x72: 0x0D
                    case 0x74: 0x09
                    case 0x75: nil
                    default: raw[index + 1]
                    }
                if let simple {
                    append(Unicode.Scalar(simple))
                    index += 2
                    continue
                }
                let unit = hexUnit(raw, at: index) ?? 0xFFFD
                index += 6
                if (0xD800...0xDBFF).contains(unit), index + 1 < raw.endIndex, raw[index] == 0x5C, raw[index + 1] == 0x75,
                    let low = hexUnit(raw, at: index), (0xDC00...0xDFFF).contains(low)
                {
                    index += 6
                    append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            }
            return written
        }
    }

    /// The text of a short string (a member's name, a `type`): nil for a longer one, which can
    /// be none of the names GeoJSON reads, so that no long string is ever copied to be compared.
    func shortText(_ string: JSONString) throws(TrackFileError) -> String? {
        string.range.count <= 64 ? try text(string) : nil
    }

    /// The value of `\uXXXX` at `index` (checked by the tokenizer).
    private func hexUnit(_ raw: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 6 <= raw.endIndex else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = JSONString.hexValue(raw[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// A number's value: exact for up to 15 significant digits and a power of ten within
    /// ±22 (every position and time a track holds), the standard library's parse otherwise;
    /// infinite past Double's range, as `Double("1e400")` is.
    func number(_ range: Range<Int>) -> Double {
        var index = range.lowerBound
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var pointSeen = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0x2E {
                pointSeen = true
            } else if (0x30...0x39).contains(byte), digits < 15 {
                if mantissa > 0 || byte != 0x30 { digits += 1 }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                if pointSeen { scale -= 1 }
            } else {
                break
            }
            index += 1
        }
        guard index == range.upperBound, scale >= -22 else {
            return Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan
        }
        let magnitude = Double(mantissa) / Self.powersOfTen[-scale]
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }
}
