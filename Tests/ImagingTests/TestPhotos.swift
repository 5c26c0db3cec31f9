import Foundation
import TestSupport
@testable import Imaging

/// Pictures the tests make for themselves.
enum TestPhotos {
    static let sydney = PhotoMetadata(
        takenAt: "2023-07-14T18:30:05", latitude: -33.856784, longitude: 151.215297, orientation: 1,
        cameraMake: "Canon", cameraModel: "EOS R5", imageDescription: "Opera House at dusk")

    /// Writes a generated photo into `folder` and returns its path.
    static func make(
        in folder: TemporaryFolder, named name: String? = nil, format: ImageFormat = .jpeg,
        width: Int = 400, height: Int = 300, metadata: PhotoMetadata = sydney,
        seed: UInt64 = 1
    ) throws -> String {
        let path = folder.file(name ?? "photo-\(seed).\(format.fileExtension)")
        try SyntheticPhoto.write(to: path, format: format, width: width, height: height, metadata: metadata, seed: seed)
        return path
    }

    /// The bytes of the file at `path`.
    static func bytes(at path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A PNG whose IHDR claims `width` × `height` but whose only IDAT holds 64 bytes of a
    /// row (libpng reads the header up to the first IDAT): anything that tried to decode it
    /// would fail as damaged rather than refuse it.
    static func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]  // 8-bit RGB
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored([UInt8](repeating: 0, count: 64)))
            + chunk("IEND", [])
    }

    /// A zlib stream of one uncompressed (stored) deflate block.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + data + bigEndian(b << 16 | a)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Whether `needle` occurs anywhere in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
