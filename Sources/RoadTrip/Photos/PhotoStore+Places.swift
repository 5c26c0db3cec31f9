import Geo
import SQLDatabase

/// How the Places screen orders its places.
public enum PlaceOrder: String, Sendable, CaseIterable {
    /// Sections by country, A to Z; cities A to Z within.
    case byCountry
    /// The "top" places: most photos first.
    case byPhotoCount
}

/// Which photos a grid shows: a place's, or those with no known place.
public enum PhotoCollection: Sendable, Hashable {
    case place(Int64)
    case noLocation
    /// The account's favourites (`FavoriteStore`).
    case favorites(AccountID)
}

/// One screenful of a grid, newest first; `nextCursor` continues it.
public struct PhotoPage: Sendable {
    public let photos: [Photo]
    /// The last photo's id when more follow; nil at the end.
    public let nextCursor: Int64?
}

extension PhotoStore {
    /// Places with photos, all of them. Counts are kept by triggers, so this reads one row per
    /// place however many photos there are; screens ask `placesIfFew(order:)` first.
    public func places(order: PlaceOrder) throws -> [Place] {
        let orderBy =
            switch order {
            // folded_name ignores accents and case (Évora before Porto); countries by their lower case.
            case .byCountry: "lower(country), folded_name, id"
            case .byPhotoCount: "photo_count DESC, folded_name, id"
            }
        return try database.fetchAll("SELECT \(raw: Place.columns) FROM places WHERE photo_count > 0 ORDER BY \(raw: orderBy)", Place.init)
    }

    public func place(id: Int64) throws -> Place? {
        try database.fetch(Self.placeQuery(id: id))
    }

    public static func placeQuery(id: Int64) -> LibraryQuery<Place?> {
        Query("SELECT \(raw: Place.columns) FROM places WHERE id = \(id)") { try $0.first.map(Place.init) }
    }

    /// How many photos have no place: no position, or none near a populated place.
    public func photosWithoutPlace() throws -> Int {
        try database.fetch(Self.photosWithoutPlaceQuery) ?? 0
    }

    /// Kept by triggers as photos come, go and move: counting them grew with the library.
    public static let photosWithoutPlaceQuery = Query<Int?>(value: "SELECT photo_count FROM photos_without_place")

    /// `limit` photos of the collection, newest first (date taken, else date imported),
    /// starting after the photo `cursor`.
    public func photos(in collection: PhotoCollection, after cursor: Int64? = nil, limit: Int = 50) throws -> PhotoPage {
        try database.fetch(Self.photosQuery(in: collection, after: cursor, limit: limit))
    }

    public static func photosQuery(in collection: PhotoCollection, after cursor: Int64? = nil, limit: Int = 50) -> LibraryQuery<PhotoPage> {
        var sql: SQL = "SELECT \(raw: Photo.columns) FROM photos WHERE \(sql: PhotoStore.filter(collection))"
        if let cursor {
            sql = sql + " AND (sorted_at, id) < (SELECT sorted_at, id FROM photos WHERE id = \(cursor))"
        }
        sql = sql + " ORDER BY sorted_at DESC, id DESC LIMIT \(limit + 1)"
        return Query(sql) { rows in
            let photos = try rows.map(Photo.init)
            return PhotoPage(photos: Array(photos.prefix(limit)), nextCursor: photos.count > limit ? photos[limit - 1].id : nil)
        }
    }

    /// The photos before and after `photo` in its place's order, or in `collection`'s (newer, older).
    public func neighbours(of photo: Photo, in collection: PhotoCollection? = nil) throws -> (newer: Int64?, older: Int64?) {
        let collection = collection ?? photo.placeID.map { .place($0) } ?? .noLocation
        return try database.read { db in
            let filter = PhotoStore.filter(collection)
            let newer: Int64? = try db.fetchValue(
                """
                SELECT id FROM photos WHERE \(sql: filter) AND (sorted_at, id) > (SELECT sorted_at, id FROM photos WHERE id = \(photo.id))
                ORDER BY sorted_at ASC, id ASC LIMIT 1
                """)
            let older: Int64? = try db.fetchValue(
                """
                SELECT id FROM photos WHERE \(sql: filter) AND (sorted_at, id) < (SELECT sorted_at, id FROM photos WHERE id = \(photo.id))
                ORDER BY sorted_at DESC, id DESC LIMIT 1
                """)
            return (newer, older)
        }
    }

    /// Places of the library whose name matches, accents and case ignored: names that start
    /// with the query first, then names with a word that does, then any that contain it.
    public func findPlaces(_ query: String, limit: Int = 50) throws -> [Place] {
        let folded = NameFolding.fold(query)
        guard !folded.isEmpty else { return [] }
        return try database.fetchAll(
            """
            SELECT \(raw: Place.columns) FROM places
            WHERE photo_count > 0 AND instr(folded_name, \(folded)) > 0
            ORDER BY CASE WHEN substr(folded_name, 1, length(\(folded))) = \(folded) THEN 0
                          WHEN instr(' ' || folded_name, ' ' || \(folded)) > 0 THEN 1 ELSE 2 END,
                     photo_count DESC, folded_name
            LIMIT \(limit)
            """, Place.init)
    }

    static func filter(_ collection: PhotoCollection) -> SQL {
        switch collection {
        case .place(let id): "place_id = \(id)"
        case .noLocation: "place_id IS NULL"
        case .favorites(let account): "id IN (SELECT photo_id FROM photo_favorites WHERE account_id = \(account.rawValue))"
        }
    }
}
