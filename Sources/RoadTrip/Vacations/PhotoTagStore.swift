import SQLDatabase
import TextRules

/// Tags a person adds on a photo of the library, their own (another account's tags are not
/// shown to them). With the photo's keywords they become its tags in a vacation.
public struct PhotoTagStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func tags(of photoID: Int64, for account: AccountID) throws -> [String] {
        try database.fetchAll("""
            SELECT name FROM photo_tags WHERE account_id = \(account.rawValue) AND photo_id = \(photoID) ORDER BY name_key
            """) { try $0["name"] as String }
    }

    /// Adds the tag (cleaned; nothing when blank); false when it was there already. A tag
    /// with text-direction overrides is refused, not cleaned: the person typing it is told.
    @discardableResult
    public func add(_ raw: String, to photoID: Int64, for account: AccountID) throws -> Bool {
        guard !DirectionOverrides.found(in: raw) else { throw VacationError.tagHasDirectionOverrides }
        let tag = VacationTags.clean(raw)
        guard !tag.isEmpty else { return false }
        return try database.write { db in
            try db.execute("""
                INSERT INTO photo_tags (account_id, photo_id, name, name_key)
                VALUES (\(account.rawValue), \(photoID), \(tag), \(VacationTags.key(tag)))
                ON CONFLICT DO NOTHING
                """)
            return db.changes > 0
        }
    }

    public func remove(_ tag: String, from photoID: Int64, for account: AccountID) throws {
        try database.write { db in
            try db.execute("""
                DELETE FROM photo_tags WHERE account_id = \(account.rawValue) AND photo_id = \(photoID)
                    AND name_key = \(VacationTags.key(tag))
                """)
        }
    }
}
