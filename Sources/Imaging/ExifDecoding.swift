import CExif
import TextRules

/// Reads the photo facts RoadTrip keeps from an EXIF block, whatever container it came from.
enum ExifDecoding {
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    static func metadata(from block: [UInt8]) -> PhotoMetadata {
        decoded(block).metadata
    }

    /// The facts, and a warning for each field that was there but could not be kept (a GPS
    /// latitude of 512°, an orientation of 9, a date of 31 April): the photo is fine without it.
    static func decoded(_ block: [UInt8]) -> (metadata: PhotoMetadata, warnings: [String]) {
        guard let block = normalised(block), let count = UInt32(exactly: block.count) else { return (PhotoMetadata(), []) }
        guard let document = exif_data_new() else { return (PhotoMetadata(), []) }
        defer { exif_data_unref(document) }
        // Following the specification makes libexif "fix" the data while loading: it would add
        // mandatory tags with made-up values. Read what the file says, nothing more.
        exif_data_unset_option(document, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        block.withUnsafeBufferPointer { exif_data_load_data(document, $0.baseAddress, count) }
        let reader = Reader(document: document, order: exif_data_get_byte_order(document))
        var warnings: [String] = []
        var metadata = PhotoMetadata(
            takenAt: reader.date(warnings: &warnings),
            orientation: reader.orientation(warnings: &warnings),
            cameraMake: reader.text(.image, ExifTagNumber.make),
            cameraModel: reader.text(.image, ExifTagNumber.model),
            imageDescription: reader.text(.image, ExifTagNumber.imageDescription),
            keywords: reader.keywords(),
            takenOffset: reader.text(.photo, ExifTagNumber.offsetTimeOriginal).flatMap(ExifTime.offsetMinutes),
            gpsTime: reader.gpsTime(),
            appleMakerNote: reader.appleMakerNote())
        if let (latitude, longitude) = reader.position(warnings: &warnings) {
            metadata.latitude = latitude
            metadata.longitude = longitude
        }
        return (metadata, warnings)
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
                entry.pointee.data != nil
            else { return nil }
            return entry.pointee
        }

        private func bytes(of entry: ExifEntry) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: entry.data, count: Int(entry.size))
        }

        /// ASCII text up to its first NUL, control characters and text-direction overrides
        /// dropped (it is shown: a description becomes a title), trimmed; nil when empty.
        func text(_ section: ExifField.Section, _ tag: UInt16) -> String? {
            guard let entry = entry(section, tag),
                entry.format == EXIF_FORMAT_ASCII || entry.format == EXIF_FORMAT_UNDEFINED
            else { return nil }
            let raw = bytes(of: entry).prefix { $0 != 0 }
            let scalars = String(decoding: raw, as: UTF8.self).unicodeScalars.filter {
                $0.value >= 0x20 && $0.value != 0x7F && !DirectionOverrides.isOverride($0)
            }
            let trimmed = String(String.UnicodeScalarView(scalars)).trimmingWhitespace
            return trimmed.isEmpty ? nil : trimmed
        }

        /// The MakerNote's bytes when they are Apple's (the other makers' are not read).
        func appleMakerNote() -> [UInt8]? {
            guard let entry = entry(.photo, ExifTagNumber.makerNote), entry.size <= 64 << 10 else { return nil }
            let bytes = Array(bytes(of: entry))
            return bytes.starts(with: Array("Apple iOS\0".utf8)) ? bytes : nil
        }

        /// Windows writes XPKeywords as BYTE; a few tools say UNDEFINED. Other formats are not UTF-16.
        func keywords() -> [String] {
            guard let entry = entry(.image, ExifTagNumber.xpKeywords),
                entry.format == EXIF_FORMAT_BYTE || entry.format == EXIF_FORMAT_UNDEFINED
            else { return [] }
            return PhotoKeywords.parsed(PhotoKeywords.text(fromUTF16LE: bytes(of: entry)))
        }

        func short(_ section: ExifField.Section, _ tag: UInt16) -> UInt16? {
            guard let entry = entry(section, tag), entry.format == EXIF_FORMAT_SHORT, entry.size >= 2 else { return nil }
            return exif_get_short(entry.data, order)
        }

        /// Degrees + minutes/60 + seconds/3600 from up to three rationals, signed by the ref.
        func coordinate(_ tag: UInt16, ref refTag: UInt16, axis: ExifAxis) -> ExifCoordinate {
            guard let entry = entry(.gps, tag) else { return .absent }
            guard entry.format == EXIF_FORMAT_RATIONAL else { return .impossible("is not written as degrees") }
            guard let ref = text(.gps, refTag)?.uppercased(), ref == axis.positive || ref == axis.negative else {
                return .impossible("has no \(axis.positive) or \(axis.negative) reference")
            }
            let parts = min(Int(clamping: entry.components), Int(entry.size) / 8, 3)
            guard parts >= 1 else { return .impossible("holds no degrees") }
            var value = 0.0
            for index in 0..<parts {
                let part = exif_get_rational(entry.data + 8 * index, order)
                guard part.denominator != 0 else { return .impossible("divides by zero") }
                value += Double(part.numerator) / Double(part.denominator) / [1.0, 60.0, 3600.0][index]
            }
            guard value.isFinite, value <= axis.limit else {
                return .impossible("\(ExifDecoding.degrees(value)) is not a position on Earth")
            }
            return .value(ref == axis.negative ? -value : value)
        }

        /// Both halves of a position, or none: a warning for each half that is there but impossible.
        func position(warnings: inout [String]) -> (Double, Double)? {
            let latitude = coordinate(ExifTagNumber.gpsLatitude, ref: ExifTagNumber.gpsLatitudeRef, axis: .latitude)
            let longitude = coordinate(ExifTagNumber.gpsLongitude, ref: ExifTagNumber.gpsLongitudeRef, axis: .longitude)
            switch (latitude, longitude) {
            case (.value(let latitude), .value(let longitude)):
                return (latitude, longitude)
            case (.absent, .absent):
                return nil
            case (.value, .absent), (.absent, .value):
                warnings.append(
                    "its GPS position has only a \(latitude == .absent ? "longitude" : "latitude"); imported without a position")
            default:
                for (axis, half) in [(ExifAxis.latitude, latitude), (.longitude, longitude)] {
                    if case .impossible(let why) = half { warnings.append("its GPS \(axis.name) \(why); imported without a position") }
                }
            }
            return nil
        }

        /// GPSDateStamp ("YYYY:MM:DD") and GPSTimeStamp (hours, minutes, seconds as rationals), UTC;
        /// nil unless both are there and make a real instant.
        func gpsTime() -> Int64? {
            guard let day = text(.gps, ExifTagNumber.gpsDateStamp),
                let entry = entry(.gps, ExifTagNumber.gpsTimeStamp), entry.format == EXIF_FORMAT_RATIONAL,
                entry.components == 3, entry.size >= 24
            else { return nil }
            var parts: [Double] = []
            for index in 0..<3 {
                let part = exif_get_rational(entry.data + 8 * index, order)
                guard part.denominator != 0 else { return nil }
                parts.append(Double(part.numerator) / Double(part.denominator))
            }
            return ExifTime.instant(day: day, hours: parts[0], minutes: parts[1], seconds: parts[2])
        }

        /// 1 (upright) when absent; an orientation EXIF does not have (9, 0) is warned of and made 1.
        func orientation(warnings: inout [String]) -> Int {
            guard let value = short(.image, ExifTagNumber.orientation) else { return 1 }
            guard (1...8).contains(value) else {
                warnings.append("its orientation \(value) is not one of EXIF's 1 to 8; imported upright")
                return 1
            }
            return Int(value)
        }

        /// DateTimeOriginal, else DateTimeDigitized, else DateTime. Blank or zero dates (cameras
        /// without a clock write them) count as absent; another that is no calendar date is warned of.
        func date(warnings: inout [String]) -> String? {
            let fields = [
                ("date taken", ExifField.Section.photo, ExifTagNumber.dateTimeOriginal),
                ("date digitised", .photo, ExifTagNumber.dateTimeDigitized), ("date", .image, ExifTagNumber.dateTime),
            ]
            var refused: [(name: String, text: String)] = []
            for (name, section, tag) in fields {
                guard let text = text(section, tag), text.contains(where: { !" :-T0".contains($0) }) else { continue }
                if let date = ExifDate.normalised(text) {
                    warnings += refused.map { "its \($0.name) \"\($0.text)\" is not a real date and time; dated by its \(name)" }
                    return date
                }
                refused.append((name, String(text.prefix(40))))
            }
            warnings += refused.prefix(1).map { "its \($0.name) \"\($0.text)\" is not a real date and time; imported without a date" }
            return nil
        }
    }

    /// "512", "90.5", "91.333333": the degrees a warning names, to a millionth.
    static func degrees(_ value: Double) -> String {
        let text = "\((value * 1_000_000).rounded() / 1_000_000)"
        return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "°"
    }
}

/// What one half of a GPS position came to.
enum ExifCoordinate: Equatable {
    case absent
    case value(Double)
    /// There, but no position: why, said of the field ("divides by zero").
    case impossible(String)
}

/// Latitude or longitude: the letters of its reference and its largest magnitude.
struct ExifAxis {
    let name: String
    let positive: String
    let negative: String
    let limit: Double

    static let latitude = ExifAxis(name: "latitude", positive: "N", negative: "S", limit: 90)
    static let longitude = ExifAxis(name: "longitude", positive: "E", negative: "W", limit: 180)
}
