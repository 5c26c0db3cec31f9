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
            (self.id, self.name, self.region, self.country, self.latitude, self.longitude) = (
                id, name, region, country, latitude, longitude
            )
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
    /// The title is the file's name, not one a person gave (`VacationPhoto.titleFromFile`).
    public var titleFromFile = false
}

extension VacationContents {
    /// Adds the photo, its place and its tags, in one transaction. False when it was there
    /// already. The photo's id is the vacation's largest plus one: writes are taken in turn.
    func visit(_ photo: VisitedPhoto, at now: Int64, by account: AccountID? = nil) throws -> Bool {
        try database.write { db in
            try Self.requireVacation(id, in: db)
            if try db.fetchValue("SELECT 1 FROM vacation_photos WHERE vacation_id = \(id) AND sha256 = \(photo.sha256)") as Int? != nil {
                return false
            }
            let count: Int = try db.fetchValue("SELECT count(*) FROM vacation_photos WHERE vacation_id = \(id)") ?? 0
            guard count < VacationFormat.maximumPhotos else { throw VacationError.tooManyPhotos(limit: VacationFormat.maximumPhotos) }
            // Only possible positions are kept, whatever the library or Flickr said.
            let position = Coordinate(latitude: photo.latitude, longitude: photo.longitude)
            let place = photo.place.flatMap { place in Coordinate(latitude: place.latitude, longitude: place.longitude).map { (place, $0) }
            }
            if let (place, coordinate) = place {
                try db.execute(
                    """
                    INSERT INTO vacation_places (vacation_id, id, name, region, country, latitude, longitude)
                    VALUES (\(id), \(place.id), \(place.name), \(place.region), \(place.country), \(coordinate.latitude), \
                    \(coordinate.longitude))
                    ON CONFLICT (vacation_id, id) DO NOTHING
                    """)
            }
            let photoID: Int64 = try db.fetchValue("SELECT coalesce(max(id), 0) + 1 FROM vacation_photos WHERE vacation_id = \(id)") ?? 1
            try db.execute(
                """
                INSERT INTO vacation_photos (vacation_id, id, sha256, title, subtitle, taken_at, sorted_at, latitude, longitude, \
                camera, place_id,
                    width, height, added_at, preview, thumbnail, added_by, title_from_file)
                VALUES (\(id), \(photoID), \(photo.sha256), \(photo.title), \(photo.subtitle), \(photo.takenAt), \(photo.sortedAt),
                    \(position?.latitude), \(position?.longitude), \(photo.camera), \(place?.0.id), \(photo.width), \(photo.height), \(now),
                    \(photo.preview), \(photo.thumbnail), \(account?.rawValue), \(photo.titleFromFile))
                """)
            for tag in Set(photo.tags.map(VacationTags.clean)).filter({ !$0.isEmpty }).sorted() {
                try VacationPhotoTags.attach(tag, toPhoto: photoID, inVacation: id, in: db)
            }
            try Self.changed(id, in: db)
            return true
        }
    }

    /// Removes the photo; a place or tag left without photos leaves the itinerary or the tag
    /// list with it. One transaction. False when the photo was not in the vacation.
    func unvisit(sha256: String) throws -> Bool {
        try database.write { db in
            try Self.requireVacation(id, in: db)
            try db.execute("DELETE FROM vacation_photos WHERE vacation_id = \(id) AND sha256 = \(sha256)")
            guard db.changes > 0 else { return false }
            try db.execute(
                """
                DELETE FROM vacation_tags WHERE vacation_id = \(id)
                    AND id NOT IN (SELECT tag_id FROM vacation_photo_tags WHERE vacation_id = \(id))
                """)
            try db.execute(
                """
                DELETE FROM vacation_places WHERE vacation_id = \(id)
                    AND id NOT IN (SELECT place_id FROM vacation_photos WHERE vacation_id = \(id) AND place_id IS NOT NULL)
                """)
            try Self.changed(id, in: db)
            return true
        }
    }

    /// The vacation may have been deleted since it was looked up: say so, rather than fail on a foreign key.
    static func requireVacation(_ id: Int64, in db: Connection) throws {
        guard try db.fetchValue("SELECT 1 FROM vacations WHERE id = \(id)") as Int? != nil else { throw VacationError.noSuchVacation }
    }

    /// A new version of the vacation: the name of its next export copy.
    static func changed(_ id: Int64, in db: Connection) throws {
        try db.execute("UPDATE vacations SET version = version + 1 WHERE id = \(id)")
    }
}

/// Tags as people type them.
public enum VacationTags {
    public static let maximumLength = 60

    /// Trimmed, inner runs of spaces made one, control characters and text-direction
    /// overrides removed, at most 60 characters.
    public static func clean(_ raw: String) -> String {
        String(tidied(raw).prefix(maximumLength))
    }

    /// Control characters and text-direction overrides removed, spaces made single, trimmed:
    /// short text people type (a tag, a link's note), before its own length limit.
    static func tidied(_ raw: String) -> String {
        UnseenCharacters.removed(from: raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What two tags that are one to a person share: case and surrounding spaces ignored.
    static func key(_ name: String) -> String {
        Credentials.nameKey(name)
    }
}
