import Foundation
import Imaging
import SQLDatabase

/// A photo of the household library. The original is stored once, by the SHA-256 of its
/// content, and never changed; everything else here was read from it at import.
public struct Photo: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let sha256: String
    public let format: ImageFormat
    public let byteCount: Int
    /// As stored; `displayWidth` and `displayHeight` are the size as seen, after EXIF orientation.
    public let width: Int
    public let height: Int
    public let orientation: Int
    /// The file name it was imported from, without its extension; may be empty.
    public let title: String
    public let description: String?
    /// When it was taken, as the camera wrote it ("2024-05-01T12:34:56", local time).
    public let takenAt: String?
    public let latitude: Double?
    public let longitude: Double?
    public let cameraMake: String?
    public let cameraModel: String?
    public let placeID: Int64?
    /// Keywords the photo carried (EXIF XPKeywords), the start of its tags.
    public let keywords: [String]
    /// The zone of `takenAt`, minutes east of UTC, when the camera wrote it (OffsetTimeOriginal).
    public let takenOffset: Int?
    /// When its GPS fixed the position, seconds since 1970 UTC, when the camera wrote it.
    public let gpsTime: Int64?
    /// Where its position came from; nil without one.
    public let positionSource: PositionSource?
    /// The placement that gave it its position (a track, an estimate, a person), if one did.
    public let placementID: Int64?
    /// Whether it plays: a video (its image is its poster), or a still that moves (a Live Photo,
    /// a Motion Photo); nil for a still.
    public let motion: Motion?
    /// How long it plays, milliseconds; nil for a still.
    public let duration: Int64?

    /// What a list shows first: the title, else the description, else "Unknown".
    public var displayTitle: String {
        if !title.isEmpty { return title }
        if let description, !description.isEmpty { return description }
        return "Unknown"
    }

    /// The line under the title: the description, unless it already is the title.
    public var displaySubtitle: String? {
        guard !title.isEmpty, let description, !description.isEmpty, description != title else { return nil }
        return description
    }

    public var displayWidth: Int { orientation >= 5 ? height : width }
    public var displayHeight: Int { orientation >= 5 ? width : height }

    /// "Canon EOS R5"; the make is left out when the model already names it.
    public var camera: String? {
        cameraMake == nil && cameraModel == nil ? nil : CameraKey(make: cameraMake, model: cameraModel).name
    }

    static let columns = """
        id, sha256, format, byte_count, width, height, orientation, title, description, taken_at,
        latitude, longitude, camera_make, camera_model, place_id, keywords, taken_offset, gps_at,
        position_source, placement_id, motion, duration_ms
        """

    init(row: Row) throws {
        id = try row["id"]
        sha256 = try row["sha256"]
        format = ImageFormat(rawValue: try row["format"]) ?? .jpeg
        byteCount = try row["byte_count"]
        width = try row["width"]
        height = try row["height"]
        orientation = try row["orientation"]
        title = try row["title"]
        description = try row["description"]
        takenAt = try row["taken_at"]
        // Both or neither, and only a possible position: an older RoadTrip stored what EXIF said.
        let position = Coordinate(latitude: try row["latitude"] as Double?, longitude: try row["longitude"] as Double?)
        (latitude, longitude) = (position?.latitude, position?.longitude)
        cameraMake = try row["camera_make"]
        cameraModel = try row["camera_model"]
        placeID = try row["place_id"]
        keywords = (try row["keywords"] as String).split(separator: ";").map(String.init)
        takenOffset = ExifTime.plausibleOffset(try row["taken_offset"])
        gpsTime = ExifTime.plausibleInstant(try row["gps_at"])
        positionSource = latitude == nil ? nil : (try row["position_source"] as String?).flatMap(PositionSource.init(rawValue:)) ?? .camera
        placementID = try row["placement_id"]
        motion = (try row["motion"] as String?).flatMap(Motion.init(rawValue:))
        duration = motion == nil ? nil : (try row["duration_ms"] as Int64?).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether it is a video (not a still, moving or not).
    public var isVideo: Bool { motion == .video }
}

/// How an item of the library moves.
public enum Motion: String, Sendable, Equatable, CaseIterable {
    /// A video file: its poster stands for it where a picture is needed.
    case video
    /// An iPhone's Live Photo: a still and the short video taken around it.
    case live
    /// A Pixel's or a Galaxy's Motion Photo: a JPEG with its video inside.
    case motion
}

/// Where a photo's position came from. The original file is never changed: this is the library's.
public enum PositionSource: String, Sendable, Equatable, CaseIterable {
    /// The camera's GPS, read from the file at import.
    case camera
    /// Interpolated along a GPS track at the photo's time.
    case track
    /// Estimated from photos taken shortly before and after that have a position.
    case estimate
    /// Set by a person: a point on the map, or a place found by name.
    case hand
}

/// A place of the library: a populated place of the gazetteer that photos were taken at.
public struct Place: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let name: String
    public let region: String?
    public let country: String
    public let latitude: Double
    public let longitude: Double
    public let photoCount: Int

    /// "California, United States": what a row shows under the city's name.
    public var regionAndCountry: String {
        [region, country].compactMap { $0 }.joined(separator: ", ")
    }

    static let columns = "id, name, region, country, latitude, longitude, photo_count"

    init(row: Row) throws {
        id = try row["id"]
        name = try row["name"]
        region = try row["region"]
        country = try row["country"]
        latitude = try row["latitude"]
        longitude = try row["longitude"]
        photoCount = try row["photo_count"]
    }
}
