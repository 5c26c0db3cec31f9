/// Whether bytes are UTF-8, checked where they lie (no copy, unlike `String(validating:)`):
/// no overlong forms, no surrogates, nothing past U+10FFFF.
enum UTF8Check {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var (length, low, high): (Int, UInt8, UInt8) = (0, 0x80, 0xBF)
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard end - index >= length, (low...high).contains(bytes[index + 1]) else { return false }
            for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) { return false }
            index += length
        }
        return true
    }
}
