import Foundation
import SQLDatabase

/// A photo in Recents: one of the library's, or one seen on Flickr.
public enum RecentKey: Sendable, Hashable {
    case library(Int64)
    case flickr(String)

    var text: String {
        switch self {
        case .library(let id): "photo:\(id)"
        case .flickr(let id): "flickr:\(id)"
        }
    }

    init?(text: String) {
        if text.hasPrefix("photo:"), let id = Int64(text.dropFirst(6)) {
            self = .library(id)
        } else if text.hasPrefix("flickr:") {
            self = .flickr(String(text.dropFirst(7)))
        } else {
            return nil
        }
    }
}

/// What Recents lists: the photo itself, from the library or from RoadTrip's record of a Flickr photo.
public enum RecentItem: Sendable, Equatable {
    case library(Photo)
    case flickr(FlickrPhoto)

    public var key: RecentKey {
        switch self {
        case .library(let photo): .library(photo.id)
        case .flickr(let photo): .flickr(photo.id)
        }
    }
}

/// Each account's last viewed photos, as the original's NSUserDefaults list: newest first,
/// each photo once, at most 20 — library and Flickr photos alike.
public struct Recents: Sendable {
    let database: Database
    let clock: WallClock

    public static let capacity = 20

    public init(database: Database, clock: WallClock = .system) {
        self.database = database
        self.clock = clock
    }

    /// Puts the photo at the top of the account's Recents (moving it there when it was
    /// already in) and lets the oldest fall off past the capacity. One transaction.
    public func record(_ key: RecentKey, for account: AccountID) throws {
        try database.write { db in
            let next: Int64 =
                try db.fetchValue("SELECT coalesce(max(sequence), 0) + 1 FROM recent_items WHERE account_id = \(account.rawValue)") ?? 1
            try db.execute(
                """
                INSERT INTO recent_items (account_id, item, sequence, viewed_at) VALUES (\(account.rawValue), \(key.text), \
                \(next), \(clock.seconds))
                ON CONFLICT (account_id, item) DO UPDATE SET sequence = excluded.sequence, viewed_at = excluded.viewed_at
                """)
            try db.execute(
                """
                DELETE FROM recent_items WHERE account_id = \(account.rawValue) AND item NOT IN (
                    SELECT item FROM recent_items WHERE account_id = \(account.rawValue) ORDER BY sequence DESC LIMIT \(Recents.capacity))
                """)
        }
    }

    public func record(_ photoID: Int64, for account: AccountID) throws {
        try record(.library(photoID), for: account)
    }

    /// The account's Recents, newest first.
    public func items(of account: AccountID) throws -> [RecentItem] {
        try database.read { db in
            let keys = try db.fetchAll("SELECT item FROM recent_items WHERE account_id = \(account.rawValue) ORDER BY sequence DESC") {
                RecentKey(text: try $0["item"])
            }
            return try keys.compactMap { key -> RecentItem? in
                switch key {
                case .library(let id):
                    return try db.fetchOne("SELECT \(raw: Photo.columns) FROM photos WHERE id = \(id)").map { .library(try Photo(row: $0)) }
                case .flickr(let id):
                    return try FlickrPhotoRecords.photo(id: id, in: db).map { .flickr($0) }
                case nil:
                    return nil
                }
            }
        }
    }
}
