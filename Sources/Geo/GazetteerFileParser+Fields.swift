extension GazetteerFileParser {
    /// The tab-separated fields of one line, read straight from the decompressed bytes.
    /// Numbers are parsed without making a String first, which keeps loading 170,000
    /// places well under a second.
    struct Fields {
        private let text: UnsafeBufferPointer<UInt8>
        private var ranges: [Range<Int>] = []
        private var fieldStart = 0

        init(text: UnsafeBufferPointer<UInt8>) {
            self.text = text
            ranges.reserveCapacity(8)
        }

        mutating func startLine(at start: Int) {
            ranges.removeAll(keepingCapacity: true)
            fieldStart = start
        }

        mutating func endField(at end: Int) {
            ranges.append(fieldStart..<end)
            fieldStart = end + 1
        }

        var count: Int { ranges.count }

        /// The line's first byte, nil for an empty line.
        var firstByte: UInt8? {
            let first = ranges[0]
            return first.isEmpty ? (count > 1 ? UInt8(ascii: "\t") : nil) : text[first.lowerBound]
        }

        func isEmpty(_ index: Int) -> Bool { ranges[index].isEmpty }

        /// The field as a String; nil when it is not valid UTF-8.
        func text(_ index: Int) -> String? {
            String(validating: UnsafeBufferPointer(rebasing: text[ranges[index]]), as: UTF8.self)
        }

        /// A non-negative decimal integer of at most 18 digits (so it cannot overflow).
        func integer(_ index: Int) -> Int64? {
            let range = ranges[index]
            guard !range.isEmpty, range.count <= 18 else { return nil }
            var value: Int64 = 0
            for position in range {
                guard let digit = digit(at: position) else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }

        /// "-12.3456": an optional minus, digits, optionally a point and up to 9 more digits.
        /// Dividing the exact integer by a power of ten rounds once, to the same double
        /// that Python's float would give for that text.
        func decimal(_ index: Int) -> Double? {
            var position = ranges[index].lowerBound
            let end = ranges[index].upperBound
            let negative = position < end && text[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            var digits: Int64 = 0
            var integerDigits = 0
            var fractionDigits = 0
            var seenPoint = false
            while position < end {
                if text[position] == UInt8(ascii: "."), !seenPoint {
                    seenPoint = true
                } else if let digit = digit(at: position) {
                    digits = digits * 10 + Int64(digit)
                    if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
                } else {
                    return nil
                }
                position += 1
            }
            guard integerDigits > 0, integerDigits <= 9, fractionDigits <= 9, !seenPoint || fractionDigits > 0 else {
                return nil
            }
            let value = Double(digits) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }

        /// Two ASCII capital letters packed into a number, a cheap dictionary key.
        func countryKey(_ index: Int) -> UInt16? {
            let range = ranges[index]
            guard range.count == 2 else { return nil }
            let first = text[range.lowerBound]
            let second = text[range.lowerBound + 1]
            let capitals = UInt8(ascii: "A")...UInt8(ascii: "Z")
            guard capitals.contains(first), capitals.contains(second) else { return nil }
            return UInt16(first) << 8 | UInt16(second)
        }

        private func digit(at position: Int) -> UInt8? {
            let byte = text[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            return byte - UInt8(ascii: "0")
        }

        private static let powersOfTen: [Double] = (0...9).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }
    }
}
