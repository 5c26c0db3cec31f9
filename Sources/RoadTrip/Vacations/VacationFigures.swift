import SQLDatabase

/// What a vacation's screens count and date (its photos' number and first and last dates, its
/// itinerary, its tags with their counts) and its photos' order, read in one go and kept until
/// the library next changes: every page of a vacation shows some of it (the menu, a book page's
/// "of 5,000" and its photo, a photo's place), and counting thousands of photos on each would
/// make keeping a vacation offline cost the square of its size. Any commit anywhere (on any
/// instance) makes it stale.
///
/// One per library (`Library.vacationFigures`), shared by the stores that open vacations.
public final class VacationFigures: Sendable {
    struct Figures: Sendable {
        /// The photos' ids in date order: the book's page N shows the Nth.
        let order: [Int64]
        var photoCount: Int { order.count }
        let firstDate: String?
        let lastDate: String?
        /// In the order first visited.
        let places: [VacationPlace]
        /// Most used first.
        let tags: [VacationTag]
    }

    private let kept: ChangeStampedCache<Int64, Figures>

    /// Keeps up to `rows` photo ids, places and tags (and one row for each vacation) in all:
    /// a million is a few tens of megabytes.
    public init(rows: Int = 1_000_000) {
        kept = ChangeStampedCache(costLimit: rows)
    }

    /// The vacation's figures, read from `database` unless kept since its last change.
    func figures(of vacation: Int64, in database: Database) throws -> Figures {
        let stamp = database.changeStamp()
        if let stamp, let figures = kept.value(for: vacation, at: stamp) { return figures }
        let figures = try database.read { db in try Self.read(vacation, in: db) }
        if let stamp {
            kept.keep(figures, for: vacation, at: stamp, cost: 1 + figures.order.count + figures.places.count + figures.tags.count)
        }
        return figures
    }

    /// The vacation's tags that `condition` (`AND …`) keeps, each with its photos' count, most used first.
    static func tags(of id: Int64, _ condition: SQL, in db: Connection) throws -> [VacationTag] {
        try db.fetchAll(
            """
            SELECT tags.id, tags.name, count(*) AS photo_count
            FROM vacation_tags tags
            JOIN vacation_photo_tags photo_tags ON photo_tags.vacation_id = tags.vacation_id AND photo_tags.tag_id = tags.id
            WHERE tags.vacation_id = \(id) \(sql: condition)
            GROUP BY tags.vacation_id, tags.id ORDER BY photo_count DESC, tags.name_key
            """
        ) { row in
            VacationTag(id: try row["id"], name: try row["name"], photoCount: try row["photo_count"])
        }
    }

    private static func read(_ id: Int64, in db: Connection) throws -> Figures {
        // The order off the date index alone; the dates each alone, off their index's ends.
        let order = try db.fetchAll("SELECT id FROM vacation_photos WHERE vacation_id = \(id) ORDER BY sorted_at, id") {
            try $0["id"] as Int64
        }
        let row = try db.fetchOne(
            """
            SELECT (SELECT min(taken_at) FROM vacation_photos WHERE vacation_id = \(id)) AS first_date,
                (SELECT max(taken_at) FROM vacation_photos WHERE vacation_id = \(id)) AS last_date
            """)
        let places = try db.fetchAll(
            """
            SELECT places.id, places.name, places.region, places.country, places.latitude, places.longitude,
                count(*) AS photo_count, min(photos.sorted_at) AS first_visited
            FROM vacation_places places
            JOIN vacation_photos photos ON photos.vacation_id = places.vacation_id AND photos.place_id = places.id
            WHERE places.vacation_id = \(id)
            GROUP BY places.vacation_id, places.id ORDER BY first_visited, places.id
            """
        ) { row in
            VacationPlace(
                id: try row["id"], name: try row["name"], region: try row["region"], country: try row["country"],
                photoCount: try row["photo_count"], firstVisited: try row["first_visited"],
                coordinate: Coordinate(latitude: try row["latitude"] as Double, longitude: try row["longitude"] as Double))
        }
        let tags = try Self.tags(of: id, "", in: db)
        return Figures(order: order, firstDate: try row?["first_date"], lastDate: try row?["last_date"], places: places, tags: tags)
    }
}
