import Foundation
import Imaging
import SQLDatabase

/// What an import filled in a photo the library had already, from its export's details (a
/// Takeout's sidecar, an XMP sidecar, an iCloud export's list): only what the photo lacked — when
/// it was taken, where, its caption — and the heart of the person importing, when the export marks
/// it a favourite. Undo of the run takes back what is still as the fill left it.
public struct PhotoFill: Sendable, Equatable {
    public var takenAt: String?
    public var takenOffset: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var caption: String?
    /// Made one of the importing person's favourites.
    public var favorite = false
    /// Where the photo was filed before it was dated (its file's or its import's time).
    var wasSortedAt: String?

    public var isEmpty: Bool { takenAt == nil && latitude == nil && caption == nil && !favorite }

    /// The words a summary uses: "its date, position and caption".
    public var fields: [String] {
        [takenAt.map { _ in "date" }, latitude.map { _ in "position" }, caption.map { _ in "caption" }, favorite ? "heart" : nil].compactMap
        { $0 }
    }
}

extension PhotoStore {
    /// Fills what `photo`, found already in the library, lacks from `hints`, as an import of it
    /// would have: the photo as it is now, and what was filled (nil: nothing was lacking or given).
    /// Each field is written only where it is still empty, so two imports at once fill it once.
    func fill(_ photo: Photo, from hints: ImportHints, by account: AccountID?) throws -> (Photo, PhotoFill?) {
        var metadata = PhotoMetadata(takenAt: photo.takenAt, latitude: photo.latitude, longitude: photo.longitude)
        metadata.imageDescription = photo.description
        metadata.takenOffset = photo.takenOffset
        let given = hints.filling(metadata, zone: timeZone)
        var fill = PhotoFill()
        if photo.takenAt == nil, let takenAt = given.takenAt { (fill.takenAt, fill.takenOffset) = (takenAt, given.takenOffset) }
        if photo.latitude == nil, let latitude = given.latitude, let longitude = given.longitude {
            (fill.latitude, fill.longitude) = (latitude, longitude)
        }
        if photo.description?.isEmpty ?? true, let caption = given.imageDescription, !caption.isEmpty { fill.caption = caption }
        fill.favorite = hints.favorite && account != nil
        guard !fill.isEmpty else { return (photo, nil) }
        let place = try locality(latitude: fill.latitude, longitude: fill.longitude)
        return try database.write { db in
            var done = PhotoFill()
            if let takenAt = fill.takenAt {
                done.wasSortedAt = try db.fetchValue("SELECT sorted_at FROM photos WHERE id = \(photo.id)")
                try db.execute(
                    """
                    UPDATE photos SET taken_at = \(takenAt), taken_offset = \(fill.takenOffset), sorted_at = \(takenAt)
                    WHERE id = \(photo.id) AND taken_at IS NULL
                    """)
                if db.changes > 0 { (done.takenAt, done.takenOffset) = (takenAt, fill.takenOffset) }
            }
            if let latitude = fill.latitude, let longitude = fill.longitude {
                if let place { try PhotoStore.record(place, in: db) }
                try db.execute(
                    """
                    UPDATE photos SET latitude = \(latitude), longitude = \(longitude), place_id = \(place?.id),
                        position_source = \(PositionSource.camera.rawValue)
                    WHERE id = \(photo.id) AND latitude IS NULL
                    """)
                if db.changes > 0 { (done.latitude, done.longitude) = (latitude, longitude) }
            }
            if let caption = fill.caption {
                try db.execute(
                    "UPDATE photos SET description = \(caption) WHERE id = \(photo.id) AND (description IS NULL OR description = '')")
                if db.changes > 0 { done.caption = caption }
            }
            if fill.favorite, let account { done.favorite = try FavoriteStore.set(photo.id, favorite: true, for: account, in: db) }
            guard let row = try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(photo.id)") else {
                throw FileError("cannot find the row of", photo.sha256)
            }
            return (try Photo(row: row), done.isEmpty ? nil : done)
        }
    }
}
