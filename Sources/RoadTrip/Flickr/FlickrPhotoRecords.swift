import Foundation
import SQLDatabase

/// RoadTrip's record of the Flickr photos it has listed: what Flickr said of each, so the
/// viewer, Recents and Visit work from it without asking Flickr again.
public struct FlickrPhotoRecords: Sendable {
    let database: Database
    let clock: WallClock

    public init(database: Database, clock: WallClock = .system) {
        self.database = database
        self.clock = clock
    }

    public func save(_ photos: [FlickrPhoto]) throws {
        let encoder = JSONEncoder()
        let now = clock.seconds
        try database.write { db in
            for photo in photos {
                let snapshot = String(decoding: try encoder.encode(photo), as: UTF8.self)
                try db.execute(
                    """
                    INSERT INTO flickr_photos (id, snapshot, fetched_at) VALUES (\(photo.id), \(snapshot), \(now))
                    ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, fetched_at = excluded.fetched_at
                    """)
            }
        }
    }

    public func photo(id: String) throws -> FlickrPhoto? {
        try database.read { db in try FlickrPhotoRecords.photo(id: id, in: db) }
    }

    static func photo(id: String, in db: Connection) throws -> FlickrPhoto? {
        guard let snapshot: String = try db.fetchValue("SELECT snapshot FROM flickr_photos WHERE id = \(id)") else { return nil }
        return try? JSONDecoder().decode(FlickrPhoto.self, from: Data(snapshot.utf8))
    }
}
