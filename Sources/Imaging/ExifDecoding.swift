import CExif
import TextRules

/// Reads the photo facts RoadTrip keeps from an EXIF block, whatever container it came from.
enum ExifDecoding {
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    static func metadata(from block: [UInt8]) -> PhotoMetadata {
        guard let block = normalised(block), let count = UInt32(exactly: block.count) else { return PhotoMetadata() }
        guard let document = exif_data_new() else { return PhotoMetadata() }
        defer { exif_data_unref(document) }
        // Following the specification makes libexif "fix" the data while loading: it would add
        // mandatory tags with made-up values. Read what the file says, nothing more.
        exif_data_unset_option(document, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        block.withUnsafeBufferPointer { exif_data_load_data(document, $0.baseAddress, count) }
        let reader = Reader(document: document, order: exif_data_get_byte_order(document))
        let dates = [(ExifField.Section.photo, ExifTagNumber.dateTimeOriginal),
                     (.photo, ExifTagNumber.dateTimeDigitized), (.image, ExifTagNumber.dateTime)]
        var metadata = PhotoMetadata(
            takenAt: dates.lazy.compactMap { reader.text($0.0, $0.1).flatMap(ExifDate.normalised) }.first,
            orientation: reader.short(.image, ExifTagNumber.orientation).map(Int.init) ?? 1,
            cameraMake: reader.text(.image, ExifTagNumber.make),
            cameraModel: reader.text(.image, ExifTagNumber.model),
            imageDescription: reader.text(.image, ExifTagNumber.imageDescription),
            keywords: reader.keywords())
        if !(1...8).contains(metadata.orientation) { metadata.orientation = 1 }
        if let latitude = reader.coordinate(ExifTagNumber.gpsLatitude, ref: ExifTagNumber.gpsLatitudeRef,
                                            positive: "N", negative: "S", limit: 90),
           let longitude = reader.coordinate(ExifTagNumber.gpsLongitude, ref: ExifTagNumber.gpsLongitudeRef,
                                             positive: "E", negative: "W", limit: 180) {
            metadata.latitude = latitude
            metadata.longitude = longitude
        }
        return metadata
    }

    /// libexif wants the "Exif\0\0" prefix. JPEG's APP1 has it; PNG's eXIf chunk starts straight
    /// at the TIFF header; HEIF containers may put a few bytes before either.
    static func normalised(_ block: [UInt8]) -> [UInt8]? {
        for start in 0..<min(block.count, 16) {
            let rest = block[start...]
            if rest.starts(with: exifHeader) { return Array(rest) }
            if tiffHeaders.contains(where: { rest.starts(with: $0) }) { return exifHeader + rest }
        }
        return nil
    }

    /// Typed, bounds-checked access to one loaded EXIF document.
    private struct Reader {
        let document: UnsafeMutablePointer<ExifData>
        let order: ExifByteOrder

        private func entry(_ section: ExifField.Section, _ tag: UInt16) -> ExifEntry? {
            guard let content = rt_exif_content(document, section.ifd),
                  let entry = exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag))),
                  entry.pointee.data != nil else { return nil }
            return entry.pointee
        }

        private func bytes(of entry: ExifEntry) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: entry.data, count: Int(entry.size))
        }

        /// ASCII text up to its first NUL, control characters and text-direction overrides
        /// dropped (it is shown: a description becomes a title), trimmed; nil when empty.
        func text(_ section: ExifField.Section, _ tag: UInt16) -> String? {
            guard let entry = entry(section, tag),
                  entry.format == EXIF_FORMAT_ASCII || entry.format == EXIF_FORMAT_UNDEFINED else { return nil }
            let raw = bytes(of: entry).prefix { $0 != 0 }
            let scalars = String(decoding: raw, as: UTF8.self).unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !DirectionOverrides.isOverride($0) }
            let trimmed = String(String.UnicodeScalarView(scalars)).trimmingWhitespace
            return trimmed.isEmpty ? nil : trimmed
        }

        /// Windows writes XPKeywords as BYTE; a few tools say UNDEFINED. Other formats are not UTF-16.
        func keywords() -> [String] {
            guard let entry = entry(.image, ExifTagNumber.xpKeywords),
                  entry.format == EXIF_FORMAT_BYTE || entry.format == EXIF_FORMAT_UNDEFINED else { return [] }
            return PhotoKeywords.parsed(PhotoKeywords.text(fromUTF16LE: bytes(of: entry)))
        }

        func short(_ section: ExifField.Section, _ tag: UInt16) -> UInt16? {
            guard let entry = entry(section, tag), entry.format == EXIF_FORMAT_SHORT, entry.size >= 2 else { return nil }
            return exif_get_short(entry.data, order)
        }

        /// Degrees + minutes/60 + seconds/3600 from up to three rationals, signed by the ref.
        /// Nil when the ref is missing (the sign would be a guess), a denominator is zero, or the
        /// value is out of range.
        func coordinate(_ tag: UInt16, ref refTag: UInt16, positive: String, negative: String, limit: Double) -> Double? {
            guard let ref = text(.gps, refTag)?.uppercased(), ref == positive || ref == negative,
                  let entry = entry(.gps, tag), entry.format == EXIF_FORMAT_RATIONAL else { return nil }
            let parts = min(Int(entry.components), Int(entry.size) / 8, 3)
            guard parts >= 1 else { return nil }
            var value = 0.0
            for index in 0..<parts {
                let part = exif_get_rational(entry.data + 8 * index, order)
                guard part.denominator != 0 else { return nil }
                value += Double(part.numerator) / Double(part.denominator) / [1.0, 60.0, 3600.0][index]
            }
            guard value.isFinite, value <= limit else { return nil }
            return ref == negative ? -value : value
        }
    }
}
