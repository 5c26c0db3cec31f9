import Foundation
import SQLite

/// Each account's last viewed photos, as the original's NSUserDefaults list: newest first,
/// each photo once, at most 20.
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
    public func record(_ photoID: Int64, for account: AccountID) throws {
        try database.write { db in
            let next: Int64 = try db.fetchValue("SELECT coalesce(max(sequence), 0) + 1 FROM recents WHERE account_id = \(account.rawValue)") ?? 1
            try db.execute("""
                INSERT INTO recents (account_id, photo_id, sequence, viewed_at) VALUES (\(account.rawValue), \(photoID), \(next), \(clock.seconds))
                ON CONFLICT (account_id, photo_id) DO UPDATE SET sequence = excluded.sequence, viewed_at = excluded.viewed_at
                """)
            try db.execute("""
                DELETE FROM recents WHERE account_id = \(account.rawValue) AND photo_id NOT IN (
                    SELECT photo_id FROM recents WHERE account_id = \(account.rawValue) ORDER BY sequence DESC LIMIT \(Recents.capacity))
                """)
        }
    }

    public func photos(of account: AccountID) throws -> [Photo] {
        try database.read { db in
            try db.fetchAll("""
                SELECT \(raw: Photo.columns.split(separator: ",").map { "photos." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", "))
                FROM recents JOIN photos ON photos.id = recents.photo_id
                WHERE recents.account_id = \(account.rawValue) ORDER BY recents.sequence DESC
                """, Photo.init)
        }
    }
}
