/// One line per request: method, path (never the query string, which can hold secrets),
/// status and milliseconds.
enum AccessLog {
    static func line(method: String, path: String, status: Int, elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let shown = status == 0 ? "-" : String(status)
        return "\(printable(method)) \(printable(path)) \(shown) \(formatted(milliseconds))ms"
    }

    /// Control characters, spaces, `%` and every non-ASCII byte (U+0085 and U+2028 break lines
    /// for some readers) are written as `%XX`, so one request is always one line.
    static func printable(_ text: String) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") {
                out += Array("%\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))".utf8)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func formatted(_ milliseconds: Double) -> String {
        // A clock that jumped could give any number: no conversion here may trap.
        guard let tenths = Int(exactly: (milliseconds * 10).rounded()), tenths >= 0 else { return "-" }
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
