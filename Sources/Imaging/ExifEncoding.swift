import CExif

/// Builds an EXIF block with libexif: "Exif\0\0" followed by a little-endian TIFF structure,
/// the form a JPEG APP1 segment carries and libvips' `exif-data` field takes.
enum ExifEncoding {
    /// A JPEG APP1 segment's length field counts itself, so its payload is at most 65533 bytes.
    static let largestJPEGPayload = 65_533

    static func block(for metadata: PhotoMetadata) -> [UInt8] {
        block(of: ExifField.fields(for: metadata))
    }

    static func block(of fields: [ExifField]) -> [UInt8] {
        // One allocator for the document, its entries and the saved bytes, so each is freed by
        // the allocator that made it.
        let memory = exif_mem_new_default()
        defer { exif_mem_unref(memory) }
        let document = exif_data_new_mem(memory)
        defer { exif_data_unref(document) }
        let order = EXIF_BYTE_ORDER_INTEL
        exif_data_set_byte_order(document, order)
        exif_data_set_data_type(document, EXIF_DATA_TYPE_COMPRESSED)
        for field in fields {
            add(field, to: document, memory: memory, order: order)
        }
        var saved: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        exif_data_save_data(document, &saved, &length)
        guard let saved else { return [] }
        defer { exif_mem_free(memory, saved) }
        return Array(UnsafeBufferPointer(start: saved, count: Int(length)))
    }

    private static func add(
        _ field: ExifField, to document: UnsafeMutablePointer<ExifData>?,
        memory: OpaquePointer?, order: ExifByteOrder
    ) {
        guard let content = rt_exif_content(document, field.section.ifd),
            let entry = exif_entry_new_mem(memory)
        else { return }
        // The content keeps its own reference once the entry is added.
        defer { exif_entry_unref(entry) }
        let (format, components, bytes) = encoded(field.value, order: order)
        guard let storage = exif_mem_alloc(memory, ExifLong(max(bytes.count, 1))) else { return }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { storage.copyMemory(from: base, byteCount: $0.count) } }
        entry.pointee.tag = ExifTag(rawValue: UInt32(field.tag))
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(clamping: bytes.count)
        entry.pointee.data = storage.assumingMemoryBound(to: UInt8.self)
        exif_content_add_entry(content, entry)
    }

    private static func encoded(_ value: ExifField.Value, order: ExifByteOrder) -> (ExifFormat, Int, [UInt8]) {
        switch value {
        case .ascii(let text):
            let bytes = Array(text.utf8) + [0]
            return (EXIF_FORMAT_ASCII, bytes.count, bytes)
        case .short(let number):
            var bytes = [UInt8](repeating: 0, count: 2)
            exif_set_short(&bytes, order, number)
            return (EXIF_FORMAT_SHORT, 1, bytes)
        case .rationals(let pairs):
            var bytes = [UInt8](repeating: 0, count: 8 * pairs.count)
            bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for (index, pair) in pairs.enumerated() {
                    exif_set_rational(base + 8 * index, order, ExifRational(numerator: pair.0, denominator: pair.1))
                }
            }
            return (EXIF_FORMAT_RATIONAL, pairs.count, bytes)
        case .bytes(let bytes):
            return (EXIF_FORMAT_BYTE, bytes.count, bytes)
        case .undefined(let bytes):
            return (EXIF_FORMAT_UNDEFINED, bytes.count, bytes)
        }
    }
}
