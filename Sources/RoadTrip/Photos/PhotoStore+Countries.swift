import SQLDatabase

/// A country photos were taken in, with how many of its places have photos and how many
/// photos they hold (kept by a trigger as photos come and go).
public struct PlaceCountry: Sendable, Equatable {
    public let code: String
    public let name: String
    public let placeCount: Int
    public let photoCount: Int

    static let columns = "country_code, country, place_count, photo_count"

    init(row: Row) throws {
        (code, name) = (try row["country_code"], try row["country"])
        (placeCount, photoCount) = (try row["place_count"], try row["photo_count"])
    }

    public init(code: String, name: String, placeCount: Int, photoCount: Int) {
        (self.code, self.name, self.placeCount, self.photoCount) = (code, name, placeCount, photoCount)
    }
}

/// One page of a list of places; `nextCursor` (the last place's id) continues it.
public struct PlacePage: Sendable {
    public let places: [Place]
    public let nextCursor: Int64?
}

/// The Places screen of a library of any size: every place while they fit on one screen; past
/// that, the countries with their counts (each country's places a page at a time) or the top
/// places a page at a time. No read grows with the library: each is one index range.
extension PhotoStore {
    /// Up to this many places are listed on one screen, in sections by country.
    public static let placesOnOneScreen = 200
    /// A page of a country's places, or of the top places.
    public static let placesPerPage = 100

    /// Every place with photos in `order`, or nil when there are more than `placesOnOneScreen`.
    public func placesIfFew(order: PlaceOrder) throws -> [Place]? {
        let beyond: Int64? = try database.fetchValue(
            "SELECT id FROM places WHERE photo_count > 0 LIMIT 1 OFFSET \(PhotoStore.placesOnOneScreen)")
        return beyond == nil ? try places(order: order) : nil
    }

    /// The countries with photos, A to Z.
    public func countries() throws -> [PlaceCountry] {
        try database.fetchAll(
            """
            SELECT \(raw: PlaceCountry.columns) FROM place_countries WHERE place_count > 0 ORDER BY lower(country), country_code
            """, PlaceCountry.init)
    }

    public func country(code: String) throws -> PlaceCountry? {
        try database.fetchOne("SELECT \(raw: PlaceCountry.columns) FROM place_countries WHERE country_code = \(code)").map(
            PlaceCountry.init)
    }

    /// A page of a country's places, A to Z, after the place `cursor`.
    public func places(inCountry code: String, after cursor: Int64? = nil, limit: Int = placesPerPage) throws -> PlacePage {
        var sql: SQL = "SELECT \(raw: Place.columns) FROM places WHERE photo_count > 0 AND country_code = \(code)"
        if let cursor {
            sql = sql + " AND (folded_name, id) > (SELECT folded_name, id FROM places WHERE id = \(cursor))"
        }
        return try page(sql + " ORDER BY folded_name, id LIMIT \(limit + 1)", limit: limit)
    }

    /// A page of the places with the most photos, after the place `cursor`.
    public func topPlaces(after cursor: Int64? = nil, limit: Int = placesPerPage) throws -> PlacePage {
        var sql: SQL = "SELECT \(raw: Place.columns) FROM places WHERE photo_count > 0"
        if let cursor {
            // Most photos first: after the cursor is fewer photos, or as many and a later name.
            sql =
                sql + """
                     AND (photo_count < (SELECT photo_count FROM places WHERE id = \(cursor))
                      OR (photo_count = (SELECT photo_count FROM places WHERE id = \(cursor))
                          AND (folded_name, id) > (SELECT folded_name, id FROM places WHERE id = \(cursor))))
                    """
        }
        return try page(sql + " ORDER BY photo_count DESC, folded_name, id LIMIT \(limit + 1)", limit: limit)
    }

    private func page(_ sql: SQL, limit: Int) throws -> PlacePage {
        let places = try database.fetchAll(sql, Place.init)
        return PlacePage(places: Array(places.prefix(limit)), nextCursor: places.count > limit ? places[limit - 1].id : nil)
    }
}
