import CZlib

/// PNG files (ISO/IEC 15948) of 8-bit RGBA pixels: the signature, the header, the pixels
/// deflated by zlib (each row unfiltered) and the end, each chunk with its CRC.
public enum PNG {
    /// `pixels` holds `width × height` RGBA quadruplets, row by row from the top.
    public static func encode(rgba pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(
            width > 0 && height > 0 && pixels.count == width * height * 4, "PNG: \(pixels.count) bytes are not \(width)×\(height) RGBA")
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            rows.append(0)  // filter type None
            rows.append(contentsOf: pixels[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", deflated(rows)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(crc))
    }

    private static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &size, $0.baseAddress, uLong($0.count), Z_BEST_COMPRESSION) }
        }
        // compressBound is always enough, so anything else is a bug.
        precondition(status == Z_OK, "zlib could not compress \(bytes.count) bytes: \(status)")
        return Array(output[..<Int(size)])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
