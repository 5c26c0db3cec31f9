import SQLDatabase
import TextRules

/// Tags a person adds on a photo of the library, their own (another account's tags are not
/// shown to them). With the photo's keywords they become its tags in a vacation, and they
/// follow it there: a tag added or removed here is added to or removed from the photo in every
/// vacation of the person's that holds it, in the same transaction (`VacationPhotoTags`).
public struct PhotoTagStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func tags(of photoID: Int64, for account: AccountID) throws -> [String] {
        try database.fetchAll(
            """
            SELECT name FROM photo_tags WHERE account_id = \(account.rawValue) AND photo_id = \(photoID) ORDER BY name_key
            """
        ) { try $0["name"] as String }
    }

    /// Adds the tag (cleaned; nothing when blank); false when it was there already. A tag
    /// with text-direction overrides is refused, not cleaned: the person typing it is told.
    @discardableResult
    public func add(_ raw: String, to photoID: Int64, for account: AccountID) throws -> Bool {
        guard !DirectionOverrides.found(in: raw) else { throw VacationError.tagHasDirectionOverrides }
        let tag = VacationTags.clean(raw)
        guard !tag.isEmpty else { return false }
        return try database.write { db in
            try db.execute(
                """
                INSERT INTO photo_tags (account_id, photo_id, name, name_key)
                VALUES (\(account.rawValue), \(photoID), \(tag), \(VacationTags.key(tag)))
                ON CONFLICT DO NOTHING
                """)
            guard db.changes > 0 else { return false }
            try VacationPhotoTags.add(tag, toPhoto: photoID, of: account, in: db)
            return true
        }
    }

    public func remove(_ tag: String, from photoID: Int64, for account: AccountID) throws {
        try database.write { db in
            try db.execute(
                """
                DELETE FROM photo_tags WHERE account_id = \(account.rawValue) AND photo_id = \(photoID)
                    AND name_key = \(VacationTags.key(tag))
                """)
            guard db.changes > 0 else { return }
            try VacationPhotoTags.remove(tag, fromPhoto: photoID, of: account, in: db)
        }
    }
}

/// A library photo's tags as its vacations hold them: the vacations of the account that hold
/// the photo (by its SHA-256, as a visit keeps it), and those shared with it where it added the
/// photo, each changed in the caller's transaction and given a new version (its next export is a
/// new copy).
enum VacationPhotoTags {
    static func add(_ tag: String, toPhoto photoID: Int64, of account: AccountID, in db: Connection) throws {
        for (vacation, photo) in try holding(photoID, of: account, in: db)
        where try attach(tag, toPhoto: photo, inVacation: vacation, in: db) {
            try VacationContents.changed(vacation, in: db)
        }
    }

    /// The vacation's tag (made when it has none of that name, case and spaces ignored) on its
    /// photo. False when the photo had it already.
    @discardableResult
    static func attach(_ tag: String, toPhoto photo: Int64, inVacation vacation: Int64, in db: Connection) throws -> Bool {
        let key = VacationTags.key(tag)
        try db.execute(
            """
            INSERT INTO vacation_tags (vacation_id, id, name, name_key)
            SELECT \(vacation), coalesce(max(id), 0) + 1, \(tag), \(key) FROM vacation_tags WHERE vacation_id = \(vacation)
            ON CONFLICT (vacation_id, name_key) DO NOTHING
            """)
        try db.execute(
            """
            INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id)
            SELECT vacation_id, \(photo), id FROM vacation_tags WHERE vacation_id = \(vacation) AND name_key = \(key)
            ON CONFLICT DO NOTHING
            """)
        return db.changes > 0
    }

    /// Not a tag the photo's own file gives it (its keywords stay its tags); a tag left without
    /// photos leaves the vacation's list, as when a photo is removed.
    static func remove(_ tag: String, fromPhoto photoID: Int64, of account: AccountID, in db: Connection) throws {
        let key = VacationTags.key(tag)
        let keywords: String = try db.fetchValue("SELECT keywords FROM photos WHERE id = \(photoID)") ?? ""
        guard !keywords.split(separator: ";").contains(where: { VacationTags.key(String($0)) == key }) else { return }
        for (vacation, photo) in try holding(photoID, of: account, in: db) {
            try db.execute(
                """
                DELETE FROM vacation_photo_tags WHERE vacation_id = \(vacation) AND photo_id = \(photo)
                    AND tag_id IN (SELECT id FROM vacation_tags WHERE vacation_id = \(vacation) AND name_key = \(key))
                """)
            guard db.changes > 0 else { continue }
            try db.execute(
                """
                DELETE FROM vacation_tags WHERE vacation_id = \(vacation)
                    AND id NOT IN (SELECT tag_id FROM vacation_photo_tags WHERE vacation_id = \(vacation))
                """)
            try VacationContents.changed(vacation, in: db)
        }
    }

    /// Each vacation of the account holding the library's photo, and the photo's id there; and
    /// each vacation shared with the account to add to, where the account added the photo.
    private static func holding(_ photoID: Int64, of account: AccountID, in db: Connection) throws -> [(vacation: Int64, photo: Int64)] {
        try db.fetchAll(
            """
            SELECT held.vacation_id, held.id FROM vacation_photos held
            JOIN vacations ON vacations.id = held.vacation_id
            JOIN photos ON photos.sha256 = held.sha256
            WHERE photos.id = \(photoID) AND (vacations.account_id = \(account.rawValue)
                OR (held.added_by = \(account.rawValue) AND \(sql: VacationStore.sharedToAdd("held.vacation_id", with: account))))
            ORDER BY held.vacation_id
            """
        ) { row in (try row["vacation_id"] as Int64, try row["id"] as Int64) }
    }
}
