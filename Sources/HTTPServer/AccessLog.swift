/// One line per request: method, path (never the query string, which can hold secrets),
/// status and milliseconds.
enum AccessLog {
    static func line(method: String, path: String, status: Int, elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let shown = status == 0 ? "-" : String(status)
        return "\(printable(method)) \(printable(redactingTokens(path))) \(shown) \(formatted(milliseconds))ms"
    }

    /// The longest run of token characters a logged path keeps: an asset's 16-digit version
    /// stays readable, and no more than 96 bits of a secret could ever be written.
    static let longestKeptRun = 16
    static let redaction = "[token]"

    /// The path with every run of more than `longestKeptRun` token characters (letters, digits,
    /// `-`, `_`, `%`) written as `[token]`: a secret in an address (a share link's token) is
    /// never logged, however the address spells its path (`//s/T`, `/S/T`, `/x/../s/T`, the
    /// absolute form), and whatever the application rewrote or did not.
    static func redactingTokens(_ path: String) -> String {
        var out: [UInt8] = []
        var run: [UInt8] = []
        func flush() {
            out += run.count > longestKeptRun ? Array(redaction.utf8) : run
            run.removeAll(keepingCapacity: true)
        }
        for byte in path.utf8 {
            let isTokenByte =
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "%")
            if isTokenByte { run.append(byte) } else { flush(); out.append(byte) }
        }
        flush()
        return String(decoding: out, as: UTF8.self)
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
