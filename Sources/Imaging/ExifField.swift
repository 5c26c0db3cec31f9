import CExif

/// One EXIF tag to write, in RoadTrip's own words so tests can build unusual EXIF (a lone
/// DateTime, a missing GPS reference) without touching libexif.
struct ExifField: Sendable {
    /// Where a tag lives; GPS tag numbers overlap others', so the section is part of the name.
    enum Section: Sendable {
        case image, photo, gps
        var ifd: ExifIfd {
            switch self {
            case .image: EXIF_IFD_0
            case .photo: EXIF_IFD_EXIF
            case .gps: EXIF_IFD_GPS
            }
        }
    }

    enum Value: Sendable {
        case ascii(String)
        case short(UInt16)
        /// Unsigned numerator / denominator pairs.
        case rationals([(UInt32, UInt32)])
        case bytes([UInt8])
        /// EXIF's UNDEFINED type: bytes with no stated meaning, e.g. ExifVersion "0230".
        case undefined([UInt8])
    }

    let section: Section
    let tag: UInt16
    let value: Value

    init(_ section: Section, _ tag: UInt16, _ value: Value) {
        self.section = section
        self.tag = tag
        self.value = value
    }
}

/// The tag numbers Imaging reads and writes (EXIF 2.32).
enum ExifTagNumber {
    static let imageDescription: UInt16 = 0x010E
    static let make: UInt16 = 0x010F
    static let model: UInt16 = 0x0110
    static let orientation: UInt16 = 0x0112
    static let dateTime: UInt16 = 0x0132
    /// Windows' keywords (libexif's EXIF_TAG_XP_KEYWORDS): UTF-16LE in a BYTE entry of IFD0.
    static let xpKeywords: UInt16 = 0x9C9E
    static let exifVersion: UInt16 = 0x9000
    static let dateTimeOriginal: UInt16 = 0x9003
    static let dateTimeDigitized: UInt16 = 0x9004
    static let makerNote: UInt16 = 0x927C
    static let gpsVersionID: UInt16 = 0x0000
    static let gpsLatitudeRef: UInt16 = 0x0001
    static let gpsLatitude: UInt16 = 0x0002
    static let gpsLongitudeRef: UInt16 = 0x0003
    static let gpsLongitude: UInt16 = 0x0004
    static let offsetTimeOriginal: UInt16 = 0x9011
    static let gpsTimeStamp: UInt16 = 0x0007
    static let gpsDateStamp: UInt16 = 0x001D
}

extension ExifField {
    /// The tags RoadTrip writes for a photo's metadata. `takenAt` goes in as given (only
    /// re-punctuated to EXIF's "YYYY:MM:DD HH:MM:SS"), so tests can store invalid dates.
    static func fields(for metadata: PhotoMetadata) -> [ExifField] {
        var fields: [ExifField] = [ExifField(.image, ExifTagNumber.orientation, .short(UInt16(clamping: metadata.orientation)))]
        if let make = metadata.cameraMake { fields.append(ExifField(.image, ExifTagNumber.make, .ascii(make))) }
        if let model = metadata.cameraModel { fields.append(ExifField(.image, ExifTagNumber.model, .ascii(model))) }
        if let text = metadata.imageDescription {
            fields.append(ExifField(.image, ExifTagNumber.imageDescription, .ascii(text)))
        }
        if !metadata.keywords.isEmpty {
            let bytes = PhotoKeywords.utf16LE(metadata.keywords)
            fields.append(ExifField(.image, ExifTagNumber.xpKeywords, .bytes(bytes)))
        }
        fields.append(ExifField(.photo, ExifTagNumber.exifVersion, .undefined(Array("0232".utf8))))
        if let takenAt = metadata.takenAt {
            let exifDate = String(takenAt.map { $0 == "-" ? ":" : $0 == "T" ? " " : $0 })
            fields.append(ExifField(.photo, ExifTagNumber.dateTimeOriginal, .ascii(exifDate)))
        }
        if let note = metadata.appleMakerNote { fields.append(ExifField(.photo, ExifTagNumber.makerNote, .undefined(note))) }
        if let offset = metadata.takenOffset {
            fields.append(ExifField(.photo, ExifTagNumber.offsetTimeOriginal, .ascii(ExifTime.offsetText(minutes: offset))))
        }
        if let gpsTime = metadata.gpsTime, let (day, seconds) = ExifTime.dayAndSeconds(of: gpsTime) {
            fields.append(ExifField(.gps, ExifTagNumber.gpsDateStamp, .ascii(day)))
            let parts = [seconds / 3600, seconds / 60 % 60, seconds % 60].map { (UInt32(clamping: $0), UInt32(1)) }
            fields.append(ExifField(.gps, ExifTagNumber.gpsTimeStamp, .rationals(parts)))
        }
        if let latitude = metadata.latitude, let longitude = metadata.longitude {
            fields += [
                ExifField(.gps, ExifTagNumber.gpsVersionID, .bytes([2, 3, 0, 0])),
                ExifField(.gps, ExifTagNumber.gpsLatitudeRef, .ascii(latitude < 0 ? "S" : "N")),
                ExifField(.gps, ExifTagNumber.gpsLatitude, .rationals(sexagesimal(abs(latitude)))),
                ExifField(.gps, ExifTagNumber.gpsLongitudeRef, .ascii(longitude < 0 ? "W" : "E")),
                ExifField(.gps, ExifTagNumber.gpsLongitude, .rationals(sexagesimal(abs(longitude)))),
            ]
        }
        return fields
    }

    /// Degrees, minutes and seconds as cameras write them, seconds to 1/10000 (about 3 mm).
    /// Whole degrees are one UInt32 numerator: more than that (or not a number, or negative,
    /// which the reference's letter says) is written as the nearest there is, never a trap.
    static func sexagesimal(_ degrees: Double) -> [(UInt32, UInt32)] {
        let largest = Double(UInt32.max)
        let clamped = degrees.isNaN ? 0 : min(max(degrees, 0), largest)
        var wholeDegrees = clamped.rounded(.down)
        var ticks = ((clamped - wholeDegrees) * 3600 * 10_000).rounded()
        if ticks >= 3600 * 10_000 {
            if wholeDegrees < largest { wholeDegrees += 1; ticks = 0 } else { ticks = 3600 * 10_000 - 1 }
        }
        let fraction = UInt32(exactly: ticks) ?? 0
        return [(UInt32(exactly: wholeDegrees) ?? UInt32.max, 1), (fraction / (60 * 10_000), 1), (fraction % (60 * 10_000), 10_000)]
    }
}
