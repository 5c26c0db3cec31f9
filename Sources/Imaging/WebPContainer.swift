/// The RIFF container of a WebP file. libvips 8.14.1's webpsave ignores `strip` and always
/// writes an EXIF chunk (rebuilt from the image, GPS included when the source had it), so
/// renditions have their metadata chunks removed here after encoding.
enum WebPContainer {
    /// Chunks that describe the picture rather than draw it, and their VP8X flag bits.
    private static let metadataChunks: [String: UInt8] = ["EXIF": 0x08, "XMP ": 0x04, "ICCP": 0x20]

    static func removingMetadata(_ file: UnsafeRawBufferPointer) throws(ImagingError) -> [UInt8] {
        let broken = ImagingError(.writeFailed, "the WebP encoder wrote a file that is not WebP")
        guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else {
            throw broken
        }
        var chunks: [(name: String, payload: [UInt8])] = []
        var offset = 12
        while offset + 8 <= file.count {
            let name = String(decoding: file[offset..<offset + 4], as: UTF8.self)
            let size = file[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 8
            guard size <= file.count - start else { throw broken }
            chunks.append((name, Array(file[start..<start + size])))
            offset = start + size + (size & 1)  // payloads are padded to an even length
        }
        let removedFlags = chunks.reduce(UInt8(0)) { $0 | (metadataChunks[$1.name] ?? 0) }
        chunks.removeAll { metadataChunks[$0.name] != nil }
        if let index = chunks.firstIndex(where: { $0.name == "VP8X" }), !chunks[index].payload.isEmpty {
            chunks[index].payload[0] &= ~removedFlags
        }
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in chunks {
            body += Array(chunk.name.utf8) + littleEndian(UInt32(chunk.payload.count)) + chunk.payload
            if chunk.payload.count & 1 == 1 { body.append(0) }
        }
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
