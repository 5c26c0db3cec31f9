/// SQL text with its `?` placeholders rewritten as PostgreSQL's `$1`, `$2`, …
///
/// A `?` is left alone inside what PostgreSQL does not read as SQL: '…' strings (with ''
/// inside), E'…' strings (with \' inside), "…" identifiers, $tag$…$tag$ strings, -- comments
/// and /* */ comments (which nest). So PostgreSQL's own `?` operators (jsonb's `?`, `?|`)
/// cannot be written: use their functions (`jsonb_exists`) instead.
struct Placeholders {
    let text: String
    /// How many `?` were rewritten: the number of arguments the statement takes.
    let count: Int
    /// Whether the SQL itself has a `$1`-style parameter, which no argument would be bound to.
    let hasNumberedParameter: Bool

    init(translating sql: String) {
        var scanner = Scanner(Array(sql.utf8))
        scanner.run()
        text = String(decoding: scanner.output, as: UTF8.self)
        count = scanner.count
        hasNumberedParameter = scanner.sawNumberedParameter
    }

    /// Works on UTF-8 bytes: every character it looks for is ASCII, and no byte of a
    /// multi-byte character is ASCII, so those pass through whole.
    private struct Scanner {
        let input: [UInt8]
        var position = 0
        var output: [UInt8] = []
        var count = 0
        var sawNumberedParameter = false

        init(_ input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count + 8)
        }

        mutating func run() {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "?"):
                    position += 1
                    count += 1
                    output += Array("$\(count)".utf8)
                case UInt8(ascii: "'"):
                    copyString(backslashEscapes: isEscapeStringPrefix())
                case UInt8(ascii: "\""):
                    copyQuoted(until: UInt8(ascii: "\""))
                case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                    copyLineComment()
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    copyBlockComment()
                case UInt8(ascii: "$") where !follows(isIdentifierByte):
                    if let tag = dollarTag() {
                        copyDollarString(tag)
                    } else {
                        sawNumberedParameter = sawNumberedParameter || peek(1).map(isDigit) == true
                        copyByte()
                    }
                default:
                    copyByte()
                }
            }
        }

        private func peek(_ offset: Int = 0) -> UInt8? {
            position + offset < input.count ? input[position + offset] : nil
        }

        private mutating func copyByte() {
            output.append(input[position])
            position += 1
        }

        private func follows(_ test: (UInt8) -> Bool) -> Bool {
            position > 0 && test(input[position - 1])
        }

        /// E'…' or e'…', where the E is a word of its own (not the end of `name'`).
        private func isEscapeStringPrefix() -> Bool {
            guard position > 0, input[position - 1] | 0x20 == UInt8(ascii: "e") else { return false }
            return position < 2 || !isIdentifierByte(input[position - 2])
        }

        /// A '…' string; '' inside is a quote, and with backslash escapes \' is one too.
        private mutating func copyString(backslashEscapes: Bool) {
            copyByte()
            while let byte = peek() {
                copyByte()
                if backslashEscapes, byte == UInt8(ascii: "\\"), peek() != nil {
                    copyByte()
                } else if byte == UInt8(ascii: "'") {
                    // '' is a quote inside the string; one alone ends it.
                    guard peek() == UInt8(ascii: "'") else { return }
                    copyByte()
                }
            }
        }

        /// A "…" identifier: "" inside is a quote, which closes and reopens, so no special case.
        private mutating func copyQuoted(until close: UInt8) {
            copyByte()
            while let byte = peek() {
                copyByte()
                if byte == close { return }
            }
        }

        private mutating func copyLineComment() {
            while let byte = peek() {
                copyByte()
                if byte == UInt8(ascii: "\n") { return }
            }
        }

        private mutating func copyBlockComment() {
            var depth = 0
            while peek() != nil {
                if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    copyByte()
                } else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    copyByte()
                    copyByte()
                    if depth == 0 { return }
                    continue
                }
                copyByte()
            }
        }

        /// The `$tag$` opening a dollar-quoted string at the current position, if it is one
        /// (`$1` is a parameter, `$` alone an operator character).
        private func dollarTag() -> [UInt8]? {
            var end = position + 1
            while end < input.count, input[end] != UInt8(ascii: "$") {
                let byte = input[end]
                let isFirst = end == position + 1
                guard isIdentifierByte(byte), byte != UInt8(ascii: "$"), !(isFirst && isDigit(byte)) else { return nil }
                end += 1
            }
            guard end < input.count else { return nil }
            return Array(input[position...end])
        }

        private mutating func copyDollarString(_ tag: [UInt8]) {
            output += tag
            position += tag.count
            while position < input.count {
                if input[position] == UInt8(ascii: "$"), input[position...].starts(with: tag) {
                    output += tag
                    position += tag.count
                    return
                }
                copyByte()
            }
        }

        private func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// Letters, digits, `_`, `$` and any byte of a non-ASCII character, as PostgreSQL's
        /// identifiers take them.
        private func isIdentifierByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
    }
}
