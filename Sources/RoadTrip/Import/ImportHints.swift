import Foundation
import Imaging

/// What an export says of a photo beside its file (a Google Takeout sidecar): used only where
/// the file itself says nothing, since the file's own EXIF is what the camera wrote.
public struct ImportHints: Sendable, Equatable {
    /// When it was taken, in seconds since 1970 (UTC).
    public var takenAt: Int64?
    public var latitude: Double?
    public var longitude: Double?
    public var description: String?

    public init(takenAt: Int64? = nil, latitude: Double? = nil, longitude: Double? = nil, description: String? = nil) {
        self.takenAt = takenAt
        self.latitude = latitude
        self.longitude = longitude
        self.description = description
    }

    public init(_ sidecar: TakeoutSidecar) {
        self.init(takenAt: sidecar.takenAt, latitude: sidecar.latitude, longitude: sidecar.longitude, description: sidecar.description)
    }

    /// The file's metadata with what it lacks filled from these hints: a time without one (in
    /// UTC, its offset 0: the export's time is an instant, not a clock's reading), a position
    /// without one, a description without one.
    func filling(_ metadata: PhotoMetadata) -> PhotoMetadata {
        var filled = metadata
        if filled.takenAt == nil, let takenAt {
            filled.takenAt = PhotoStore.timestamp(Date(timeIntervalSince1970: TimeInterval(takenAt)))
            filled.takenOffset = 0
        }
        if filled.latitude == nil || filled.longitude == nil, let latitude, let longitude {
            filled.latitude = latitude
            filled.longitude = longitude
        }
        if filled.imageDescription?.isEmpty ?? true, let description { filled.imageDescription = description }
        return filled
    }
}
