/// What an image's header says, read without decoding any pixel.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    /// As stored: before the EXIF orientation is applied.
    public let width: Int
    public let height: Int
    /// The EXIF orientation (1...8) that renditions are rotated by; 1 when absent or invalid.
    public let orientation: Int

    init(format: ImageFormat, width: Int, height: Int, orientation: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
    }

    /// Orientations 5 to 8 turn the picture a quarter, so it is shown height × width.
    private var isQuarterTurned: Bool { (5...8).contains(orientation) }
    public var displayWidth: Int { isQuarterTurned ? height : width }
    public var displayHeight: Int { isQuarterTurned ? width : height }
}

/// An image's header and the photo facts its EXIF holds.
public struct InspectedImage: Sendable, Equatable {
    public let header: ImageHeader
    public let metadata: PhotoMetadata
    /// A sentence for each EXIF field that was there but impossible, and so left out:
    /// "its GPS latitude 512° is not a position on Earth; imported without a position".
    public let warnings: [String]
}

/// The facts about a photo that RoadTrip keeps, as EXIF states them.
public struct PhotoMetadata: Sendable, Equatable {
    /// "YYYY-MM-DDTHH:MM:SS" in the camera's local time (EXIF has no zone here): DateTimeOriginal,
    /// else DateTimeDigitized, else DateTime. Nil when absent or not a real date.
    public var takenAt: String?
    /// Signed decimal degrees (south and west negative); both or neither are set.
    public var latitude: Double?
    public var longitude: Double?
    /// EXIF orientation 1...8, 1 when absent or invalid.
    public var orientation: Int
    /// Trimmed text, nil when empty.
    public var cameraMake: String?
    public var cameraModel: String?
    public var imageDescription: String?
    /// Windows' XPKeywords, as read: at most 50, each trimmed, at most 60 characters, without
    /// control characters, none empty and no two the same ignoring case. Written as given.
    public var keywords: [String]
    /// The zone `takenAt` was in, minutes east of UTC (EXIF's OffsetTimeOriginal, "+02:00").
    public var takenOffset: Int?
    /// When the GPS fixed the position, seconds since 1970 UTC (GPSDateStamp and GPSTimeStamp):
    /// with `takenAt`, it tells how far the camera's clock is from UTC.
    public var gpsTime: Int64?
    /// An iPhone's MakerNote ("Apple iOS\0…", at most 64 KiB) as it is in the file: a Live
    /// Photo's still names its motion there (read by Video's `MotionParts`).
    public var appleMakerNote: [UInt8]?

    public init(
        takenAt: String? = nil, latitude: Double? = nil, longitude: Double? = nil, orientation: Int = 1,
        cameraMake: String? = nil, cameraModel: String? = nil, imageDescription: String? = nil,
        keywords: [String] = [], takenOffset: Int? = nil, gpsTime: Int64? = nil, appleMakerNote: [UInt8]? = nil
    ) {
        self.appleMakerNote = appleMakerNote
        self.takenOffset = takenOffset
        self.gpsTime = gpsTime
        self.takenAt = takenAt
        self.latitude = latitude
        self.longitude = longitude
        self.orientation = orientation
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.imageDescription = imageDescription
        self.keywords = keywords
    }
}
