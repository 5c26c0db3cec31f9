import SQLDatabase

/// Each person's favourite photos and videos (the heart): a favourite is the person's own, as on
/// a shared iPad each person has their own. The Favourites album is `PhotoCollection.favorites`,
/// newest first like a place's photos. A photo removed from the library leaves every person's
/// favourites with it, and an account removed takes its favourites (`ON DELETE CASCADE`).
public struct FavoriteStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Marks or unmarks the photo as one of `account`'s favourites; false when it already was
    /// (or was not).
    @discardableResult
    public func set(_ photoID: Int64, favorite: Bool, for account: AccountID) throws -> Bool {
        try database.write { db in try Self.set(photoID, favorite: favorite, for: account, in: db) }
    }

    static func set(_ photoID: Int64, favorite: Bool, for account: AccountID, in db: any Connection) throws -> Bool {
        if favorite {
            try db.execute(
                """
                INSERT INTO photo_favorites (account_id, photo_id) VALUES (\(account.rawValue), \(photoID))
                ON CONFLICT (account_id, photo_id) DO NOTHING
                """)
        } else {
            try db.execute("DELETE FROM photo_favorites WHERE account_id = \(account.rawValue) AND photo_id = \(photoID)")
        }
        return db.changes > 0
    }

    public func isFavorite(_ photoID: Int64, for account: AccountID) throws -> Bool {
        try database.fetchValue(
            """
            SELECT EXISTS (SELECT 1 FROM photo_favorites WHERE account_id = \(account.rawValue) AND photo_id = \(photoID))
            """) ?? false
    }

    /// Which of `photoIDs` are the account's favourites: the hearts of a grid's page, in one query.
    public func among(_ photoIDs: [Int64], for account: AccountID) throws -> Set<Int64> {
        guard !photoIDs.isEmpty else { return [] }
        let list = photoIDs.map(String.init).joined(separator: ", ")
        return Set(
            try database.fetchAll(
                """
                SELECT photo_id FROM photo_favorites WHERE account_id = \(account.rawValue) AND photo_id IN (\(raw: list))
                """
            ) { try $0["photo_id"] as Int64 })
    }

    /// Which of `sha256s` are the bytes of the account's favourites: the hearts of a vacation's
    /// pages, whose photos are its own copies of the library's.
    public func among(sha256s: [String], for account: AccountID) throws -> Set<String> {
        var found = Set<String>()
        // A few pages at a time: one query each, with the digests bound, never spliced in.
        for sha256 in Set(sha256s)
        where try database.fetchValue(
            """
            SELECT EXISTS (SELECT 1 FROM photo_favorites JOIN photos ON photos.id = photo_favorites.photo_id
                           WHERE photo_favorites.account_id = \(account.rawValue) AND photos.sha256 = \(sha256))
            """) ?? false
        {
            found.insert(sha256)
        }
        return found
    }

    /// How many favourites the account has: the Favourites row's count.
    public func count(for account: AccountID) throws -> Int {
        try database.fetch(Self.countQuery(for: account)) ?? 0
    }

    public static func countQuery(for account: AccountID) -> Query<Int?> {
        Query(value: "SELECT count(*) FROM photo_favorites WHERE account_id = \(account.rawValue)")
    }

    /// The tables (migrations SQLite 024, PostgreSQL 020).
    static func schema(integer: String) -> String {
        """
        CREATE TABLE photo_favorites (
            account_id \(integer) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            photo_id \(integer) NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            PRIMARY KEY (account_id, photo_id)
        );
        CREATE INDEX photo_favorites_by_photo ON photo_favorites(photo_id);
        """
    }
}
