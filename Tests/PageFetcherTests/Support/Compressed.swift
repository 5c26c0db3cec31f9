/// Bodies encoded by hand for Content-Encoding tests: deflate's stored blocks need no
/// compressor, only the checksums each wrapper carries.
enum Compressed {
    /// A gzip member (RFC 1952) holding `data` in stored deflate blocks.
    static func gzip(_ data: [UInt8]) -> [UInt8] {
        let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF]
        return header + storedBlocks(data) + littleEndian(crc32(data)) + littleEndian(UInt32(truncatingIfNeeded: data.count))
    }

    /// A zlib stream (RFC 1950), which is what HTTP's "deflate" means, in stored blocks.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        let adler = adler32(data)
        return [0x78, 0x01] + storedBlocks(data) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }

    /// 5000 × "a" compressed by `gzip -9n` to 41 bytes: a small answer that decodes large.
    static let fiveThousandAs: [UInt8] = [
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xED, 0xC1, 0x31, 0x01, 0x00, 0x00,
        0x00, 0xC2, 0xA0, 0xAC, 0xEB, 0x5F, 0xC2, 0x14, 0x7E, 0x40, 0x01, 0x00, 0x00, 0x00, 0x00, 0x6F,
        0x03, 0x76, 0x59, 0xF4, 0x4C, 0x88, 0x13, 0x00, 0x00,
    ]

    private static func storedBlocks(_ data: [UInt8]) -> [UInt8] {
        let pieces = stride(from: 0, to: max(data.count, 1), by: 65_535).map { Array(data[$0..<min($0 + 65_535, data.count)]) }
        var out: [UInt8] = []
        for (index, piece) in pieces.enumerated() {
            let length = UInt16(piece.count)
            out.append(index == pieces.count - 1 ? 0x01 : 0x00)  // BFINAL on the last, BTYPE 00 (stored)
            out += littleEndian(length) + littleEndian(~length) + piece
        }
        return out
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
