extension TrackXMLReader {
    /// Bytes written into a buffer the size of the text they decode, never past its end.
    struct OutputBytes {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) {
            guard count < buffer.count else { return }
            buffer[count] = byte
            count += 1
        }

        mutating func append(contentsOf bytes: some Sequence<UInt8>) {
            for byte in bytes { append(byte) }
        }
    }

    /// The references of `text` decoded into `output`; the reason when one cannot be.
    static func decodeReferences(_ text: ArraySlice<UInt8>, into output: inout OutputBytes) -> String? {
        let bytes = text
        let range = text.startIndex..<text.endIndex
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == 0x26 else {
                output.append(byte)
                index += 1
                continue
            }
            guard let semicolon = bytes[index..<min(range.upperBound, index + 12)].firstIndex(of: 0x3B) else {
                return "& not followed by a reference"
            }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            switch name {
            case "lt": output.append(0x3C)
            case "gt": output.append(0x3E)
            case "amp": output.append(0x26)
            case "quot": output.append(0x22)
            case "apos": output.append(0x27)
            default:
                let number: UInt32? =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                guard let number, let scalar = Unicode.Scalar(number), number != 0 else {
                    return name.hasPrefix("#") ? "&\(name); is not a character" : "&\(name); is an entity no track file declares"
                }
                output.append(contentsOf: scalar.utf8)
            }
            index = semicolon + 1
        }
        return nil
    }
}
