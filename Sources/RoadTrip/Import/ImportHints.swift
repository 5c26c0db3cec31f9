import Foundation
import Imaging
import Video

/// What an export says of a photo beside its file (a Google Takeout sidecar, an XMP sidecar),
/// and when its file was last changed: used only where the file itself says nothing, since the
/// file's own EXIF is what the camera wrote; keywords are added to its own.
public struct ImportHints: Sendable, Equatable {
    /// When it was taken, in seconds since 1970 (UTC): Takeout's instant.
    public var takenAt: Int64?
    /// When it was taken as a clock read it where it was ("2019-06-08T11:33:20"), and that
    /// clock's offset east of UTC in minutes when known: an XMP sidecar's.
    public var takenClock: String?
    public var takenClockOffset: Int?
    public var keywords: [String] = []
    /// Whether the export marks it a favourite (Takeout's `favorited`, iCloud's `favorite`, an XMP
    /// rating of 4 or 5).
    public var favorite = false
    public var latitude: Double?
    public var longitude: Double?
    public var description: String?
    /// When its file was last changed (a zip member's time, a file's own), in seconds since 1970:
    /// where neither the file nor the export says when it was taken, it is filed there, never on
    /// the day of the import.
    public var fileTime: Int64?

    public init(
        takenAt: Int64? = nil, latitude: Double? = nil, longitude: Double? = nil, description: String? = nil,
        fileTime: Int64? = nil, favorite: Bool = false
    ) {
        self.takenAt = takenAt
        self.favorite = favorite
        self.latitude = latitude
        self.longitude = longitude
        self.description = description
        self.fileTime = fileTime
    }

    public init(_ sidecar: TakeoutSidecar, fileTime: Int64? = nil) {
        self.init(
            takenAt: sidecar.takenAt, latitude: sidecar.latitude, longitude: sidecar.longitude,
            description: sidecar.description, fileTime: fileTime, favorite: sidecar.favorited)
    }

    public init(_ xmp: XMPSidecar, fileTime: Int64? = nil) {
        // A title given and no description: the title is its caption (its own title stays its
        // file's name, by which a Live Photo's halves find each other).
        self.init(
            latitude: xmp.latitude, longitude: xmp.longitude, description: xmp.description ?? xmp.title, fileTime: fileTime,
            favorite: (xmp.rating ?? 0) >= 4)
        (takenClock, takenClockOffset, keywords) = (xmp.takenAt, xmp.takenOffset, xmp.keywords)
    }

    /// These hints with what they lack taken from `other` (another sidecar of the same photo, or
    /// what its export's list says).
    public func filled(from other: ImportHints) -> ImportHints {
        var filled = self
        filled.takenAt = takenAt ?? other.takenAt
        if takenClock == nil { (filled.takenClock, filled.takenClockOffset) = (other.takenClock, other.takenClockOffset) }
        if latitude == nil || longitude == nil { (filled.latitude, filled.longitude) = (other.latitude, other.longitude) }
        if description == nil { filled.description = other.description }
        filled.fileTime = fileTime ?? other.fileTime
        filled.keywords = keywords.isEmpty ? other.keywords : keywords
        filled.favorite = favorite || other.favorite
        return filled
    }

    /// The file's metadata with what it lacks filled from these hints: a position without one, a
    /// time without one (the export's instant on the clock of where it was taken: `zone` of the
    /// position, UTC without one), a description without one.
    func filling(_ metadata: PhotoMetadata, zone: (Double, Double) -> TimeZone?) -> PhotoMetadata {
        var filled = metadata
        fill(takenAt: &filled.takenAt, offset: &filled.takenOffset, latitude: &filled.latitude, longitude: &filled.longitude, zone: zone)
        if filled.imageDescription?.isEmpty ?? true, let description { filled.imageDescription = description }
        if !keywords.isEmpty { filled.keywords = PhotoKeywords.parsed((metadata.keywords + keywords).joined(separator: ";")) }
        return filled
    }

    /// A video's facts with its time and position filled the same way where its file has none.
    func filling(_ facts: VideoFacts, zone: (Double, Double) -> TimeZone?) -> VideoFacts {
        var filled = facts
        fill(takenAt: &filled.takenAt, offset: &filled.takenOffset, latitude: &filled.latitude, longitude: &filled.longitude, zone: zone)
        return filled
    }

    private func fill(
        takenAt time: inout String?, offset: inout Int?, latitude north: inout Double?, longitude east: inout Double?,
        zone: (Double, Double) -> TimeZone?
    ) {
        if north == nil || east == nil, let latitude, let longitude {
            north = latitude
            east = longitude
        }
        if time == nil, let takenClock {
            time = takenClock
            // A clock without its offset: the zone of where it was taken, at about that time.
            offset =
                takenClockOffset
                ?? north.flatMap { north in east.flatMap { zone(north, $0) } }.flatMap { zone in
                    ExifTime.clockSeconds(takenClock).map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) / 60 }
                }
        } else if time == nil, let takenAt {
            let instant = Date(timeIntervalSince1970: TimeInterval(takenAt))
            let seconds = north.flatMap { north in east.flatMap { zone(north, $0) } }?.secondsFromGMT(for: instant) ?? 0
            time = PhotoStore.timestamp(instant.addingTimeInterval(TimeInterval(seconds)))
            offset = seconds / 60
        }
    }

    /// Where a photo whose file and export say nothing of when it was taken is filed: its file's
    /// time, with the sentence its import reports; nil without one.
    func undated() -> (sortedAt: String, warning: String)? {
        guard let fileTime else { return nil }
        let time = PhotoStore.timestamp(Date(timeIntervalSince1970: TimeInterval(fileTime)))
        return (time, "nothing in it or beside it says when it was taken: it is filed at its file's time, \(time.prefix(10))")
    }
}
