import Foundation
import SQLDatabase
import TextRules

/// What a vacation records of a photo when it is visited: a snapshot, so the vacation still
/// shows it when the library's photo is gone (or was never in this library).
public struct VisitedPhoto: Sendable {
    public struct Place: Sendable {
        public let id: Int64
        public let name: String
        public let region: String?
        public let country: String
        public let latitude: Double
        public let longitude: Double

        public init(id: Int64, name: String, region: String?, country: String, latitude: Double, longitude: Double) {
            (self.id, self.name, self.region, self.country, self.latitude, self.longitude) = (id, name, region, country, latitude, longitude)
        }
    }

    public let sha256: String
    public let title: String
    public let subtitle: String?
    public let takenAt: String?
    public let sortedAt: String
    public let latitude: Double?
    public let longitude: Double?
    public let camera: String?
    public let place: Place?
    public let width: Int
    public let height: Int
    public let preview: [UInt8]
    public let thumbnail: [UInt8]
    public let tags: [String]
}

extension VacationDocument {
    /// Adds the photo, its place and its tags, in one transaction. False when it was there already.
    func visit(_ photo: VisitedPhoto, at now: Int64) throws -> Bool {
        try database.write { db in
            if try db.fetchValue("SELECT 1 FROM photos WHERE sha256 = \(photo.sha256)") as Int? != nil { return false }
            let count: Int = try db.fetchValue("SELECT count(*) FROM photos") ?? 0
            guard count < VacationFormat.maximumPhotos else { throw VacationError.tooManyPhotos(limit: VacationFormat.maximumPhotos) }
            if let place = photo.place {
                try db.execute("""
                    INSERT INTO places (id, name, region, country, latitude, longitude)
                    VALUES (\(place.id), \(place.name), \(place.region), \(place.country), \(place.latitude), \(place.longitude))
                    ON CONFLICT (id) DO NOTHING
                    """)
            }
            let photoID = try db.insertReturningID("""
                INSERT INTO photos (sha256, title, subtitle, taken_at, sorted_at, latitude, longitude, camera, place_id, width, height, preview,
                    thumbnail, added_at)
                VALUES (\(photo.sha256), \(photo.title), \(photo.subtitle), \(photo.takenAt), \(photo.sortedAt), \(photo.latitude),
                    \(photo.longitude), \(photo.camera), \(photo.place?.id), \(photo.width), \(photo.height), \(photo.preview),
                    \(photo.thumbnail), \(now))
                """)
            for tag in Set(photo.tags.map(VacationTags.clean)).filter({ !$0.isEmpty }).sorted() {
                let key = VacationDocument.tagKey(tag)
                try db.execute("INSERT INTO tags (name, name_key) VALUES (\(tag), \(key)) ON CONFLICT (name_key) DO NOTHING")
                try db.execute("""
                    INSERT OR IGNORE INTO photo_tags (photo_id, tag_id) SELECT \(photoID), id FROM tags WHERE name_key = \(key)
                    """)
            }
            return true
        }
    }

    /// Removes the photo; a place or tag left without photos leaves the itinerary or the tag
    /// list with it. One transaction. False when the photo was not in the vacation.
    func unvisit(sha256: String) throws -> Bool {
        try database.write { db in
            try db.execute("DELETE FROM photos WHERE sha256 = \(sha256)")
            guard db.changes > 0 else { return false }
            try db.execute("DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM photo_tags)")
            try db.execute("DELETE FROM places WHERE id NOT IN (SELECT place_id FROM photos WHERE place_id IS NOT NULL)")
            return true
        }
    }
}

/// Tags as people type them.
public enum VacationTags {
    public static let maximumLength = 60

    /// Trimmed, inner runs of spaces made one, control characters and text-direction
    /// overrides removed, at most 60 characters.
    public static func clean(_ raw: String) -> String {
        let scalars = raw.unicodeScalars.filter { $0.properties.generalCategory != .control && !DirectionOverrides.isOverride($0) }
        let words = String(String.UnicodeScalarView(scalars)).split(whereSeparator: \.isWhitespace)
        return String(words.joined(separator: " ").prefix(maximumLength))
    }
}
