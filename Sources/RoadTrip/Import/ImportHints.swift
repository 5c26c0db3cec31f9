import Foundation
import Imaging
import Video

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

    /// These hints with what they lack taken from `other` (another sidecar of the same photo).
    func filled(from other: ImportHints) -> ImportHints {
        var filled = self
        filled.takenAt = takenAt ?? other.takenAt
        if latitude == nil || longitude == nil { (filled.latitude, filled.longitude) = (other.latitude, other.longitude) }
        if description == nil { filled.description = other.description }
        return filled
    }

    /// The file's metadata with what it lacks filled from these hints: a time without one (in
    /// UTC, its offset 0: the export's time is an instant, not a clock's reading), a position
    /// without one, a description without one.
    func filling(_ metadata: PhotoMetadata) -> PhotoMetadata {
        var filled = metadata
        fill(takenAt: &filled.takenAt, offset: &filled.takenOffset, latitude: &filled.latitude, longitude: &filled.longitude)
        if filled.imageDescription?.isEmpty ?? true, let description { filled.imageDescription = description }
        return filled
    }

    /// A video's facts with its time and position filled the same way where its file has none.
    func filling(_ facts: VideoFacts) -> VideoFacts {
        var filled = facts
        fill(takenAt: &filled.takenAt, offset: &filled.takenOffset, latitude: &filled.latitude, longitude: &filled.longitude)
        return filled
    }

    private func fill(takenAt time: inout String?, offset: inout Int?, latitude north: inout Double?, longitude east: inout Double?) {
        if time == nil, let takenAt {
            time = PhotoStore.timestamp(Date(timeIntervalSince1970: TimeInterval(takenAt)))
            offset = 0
        }
        if north == nil || east == nil, let latitude, let longitude {
            north = latitude
            east = longitude
        }
    }
}
