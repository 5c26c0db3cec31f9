import TextRules

/// A header value with parameters, `form-data; name="photos"; filename="a.jpg"` or
/// `multipart/form-data; boundary=xyz` (RFC 9110 §5.6.6): the leading value and the
/// parameters in order, names lowercased.
package struct HeaderParameters {
    package let value: String
    package let parameters: [(name: String, value: String)]

    package init(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        value = String(decoding: HeaderParameters.token(bytes, &index), as: UTF8.self)
        var parameters: [(name: String, value: String)] = []
        while index < bytes.count {
            index += 1  // the ';'
            let name = String(decoding: HeaderParameters.token(bytes, &index, stoppingAt: UInt8(ascii: "=")), as: UTF8.self).lowercased()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            HeaderParameters.skipSpaces(bytes, &index)
            let value =
                index < bytes.count && bytes[index] == UInt8(ascii: "\"")
                ? HeaderParameters.quotedString(bytes, &index)
                : HeaderParameters.token(bytes, &index)
            if !name.isEmpty { parameters.append((name, String(decoding: value, as: UTF8.self))) }
        }
        self.parameters = parameters
    }

    /// The first parameter of that (lowercase) name.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Bytes up to the next `;` (or `stop`), without surrounding spaces and tabs.
    private static func token(_ bytes: [UInt8], _ index: inout Int, stoppingAt stop: UInt8 = UInt8(ascii: ";")) -> ArraySlice<UInt8> {
        skipSpaces(bytes, &index)
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != stop { index += 1 }
        var end = index
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// A quoted string, its escapes undone, leaving `index` at the next `;`. Only `\"` and `\\`
    /// are escapes: old browsers sent Windows paths (`C:\photos\a.jpg`) unescaped, and
    /// dropping their backslashes would glue the folders to the name. An unterminated string
    /// runs to the end of the value.
    private static func quotedString(_ bytes: [UInt8], _ index: inout Int) -> ArraySlice<UInt8> {
        var result: [UInt8] = []
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\")
            {
                index += 1
            }
            result.append(bytes[index])
            index += 1
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
        return result[...]
    }

    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }
}

/// RFC 8187 (formerly 5987) extended values: `UTF-8''caf%C3%A9.jpg`.
package enum ExtendedValue {
    /// The decoded text; nil for a charset other than UTF-8 or ISO-8859-1, a bad %-escape,
    /// or UTF-8 that is not valid.
    package static func decode(_ text: String) -> String? {
        let parts = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var bytes: [UInt8] = []
        var encoded = Array(parts[2].utf8)[...]
        while let byte = encoded.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = encoded.popFirst().flatMap(hexDigitValue), let low = encoded.popFirst().flatMap(hexDigitValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        switch parts[0].lowercased() {
        case "utf-8": return String(validating: bytes, as: UTF8.self)
        case "iso-8859-1": return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default: return nil
        }
    }
}
