import SQLDatabase

/// What one vacation holds: its photos (each with its own preview and thumbnail), their places
/// and their tags, kept in the library's `vacation_*` tables under the vacation's id. Every
/// change is one write transaction of the library, so a process killed mid-change leaves the
/// vacation as it was before the change or after it.
///
/// Got from `VacationStore.vacation(_:of:)`, which checks that it is the account's.
public struct VacationContents: Sendable {
    let database: Database
    /// The vacation's id in the catalogue.
    public let id: Int64

    init(database: Database, id: Int64) {
        self.database = database
        self.id = id
    }

    public func summary(name: String) throws -> Vacation {
        try database.read { db in
            // Each aggregate alone, so that the first and last dates are read off the index's ends:
            // every page of the vacation asks, and it may hold thousands of photos.
            let row = try db.fetchOne("""
                SELECT (SELECT count(*) FROM vacation_photos WHERE vacation_id = \(id)) AS n,
                    (SELECT min(taken_at) FROM vacation_photos WHERE vacation_id = \(id)) AS first_date,
                    (SELECT max(taken_at) FROM vacation_photos WHERE vacation_id = \(id)) AS last_date
                """)
            return Vacation(id: id, name: name, photoCount: try row?["n"] ?? 0, firstDate: try row?["first_date"], lastDate: try row?["last_date"])
        }
    }

    /// The vacation by its name alone, its photos neither counted nor dated: for a screen that
    /// shows neither (a photo, a picture), where counting thousands of photos would be the most of its cost.
    public func uncounted(name: String) -> Vacation {
        Vacation(id: id, name: name, photoCount: 0, firstDate: nil, lastDate: nil)
    }

    public func contains(sha256: String) throws -> Bool {
        try database.fetchValue("SELECT 1 FROM vacation_photos WHERE vacation_id = \(id) AND sha256 = \(sha256)") as Int? != nil
    }

    /// Whether the photo is in the vacation because `account` visited it.
    public func contains(sha256: String, addedBy account: AccountID) throws -> Bool {
        try database.fetchValue("""
            SELECT 1 FROM vacation_photos WHERE vacation_id = \(id) AND sha256 = \(sha256) AND added_by = \(account.rawValue)
            """) as Int? != nil
    }

    /// The places in the order first visited: the earliest photo date there.
    public func itinerary() throws -> [VacationPlace] {
        try places("")
    }

    /// The places `condition` (`AND …`) keeps, each with its photos' count and first date.
    private func places(_ condition: SQL) throws -> [VacationPlace] {
        try database.fetchAll("""
            SELECT places.id, places.name, places.region, places.country, places.latitude, places.longitude,
                count(*) AS photo_count, min(photos.sorted_at) AS first_visited
            FROM vacation_places places
            JOIN vacation_photos photos ON photos.vacation_id = places.vacation_id AND photos.place_id = places.id
            WHERE places.vacation_id = \(id) \(sql: condition)
            GROUP BY places.vacation_id, places.id ORDER BY first_visited, places.id
            """) { row in
            VacationPlace(id: try row["id"], name: try row["name"], region: try row["region"], country: try row["country"],
                          photoCount: try row["photo_count"], firstVisited: try row["first_visited"],
                          coordinate: Coordinate(latitude: try row["latitude"] as Double, longitude: try row["longitude"] as Double))
        }
    }

    /// The tags, most used first; only those whose name contains `filter` (case ignored) when given.
    public func tags(matching filter: String = "") throws -> [VacationTag] {
        let key = VacationTags.key(filter)
        return try tags(key.isEmpty ? "" : "AND instr(tags.name_key, \(key)) > 0")
    }

    /// The tags `condition` (`AND …`) keeps, each with its photos' count, most used first.
    private func tags(_ condition: SQL) throws -> [VacationTag] {
        try database.fetchAll("""
            SELECT tags.id, tags.name, count(*) AS photo_count
            FROM vacation_tags tags
            JOIN vacation_photo_tags photo_tags ON photo_tags.vacation_id = tags.vacation_id AND photo_tags.tag_id = tags.id
            WHERE tags.vacation_id = \(id) \(sql: condition)
            GROUP BY tags.vacation_id, tags.id ORDER BY photo_count DESC, tags.name_key
            """) { row in
            VacationTag(id: try row["id"], name: try row["name"], photoCount: try row["photo_count"])
        }
    }

    /// Photos in date order (the order they were taken; undated ones by when they were added).
    public func photos(_ filter: VacationPhotoFilter = .all) throws -> [VacationPhoto] {
        try database.fetchAll("""
            SELECT \(raw: VacationPhoto.columns) FROM vacation_photos WHERE vacation_id = \(id) \(sql: condition(filter)) ORDER BY sorted_at, id
            """, VacationPhoto.init)
    }

    /// The rows of a list and the condition that makes them, to go on with `AND …`: a tag's are
    /// read through the tag's own rows first (SQLite keeps a CROSS JOIN's order) (a tag of ten photos among thousands is found by
    /// them, not by reading the thousands in date order).
    private func listed(_ filter: VacationPhotoFilter) -> SQL {
        guard case .tag(let tag) = filter else { return "vacation_photos WHERE vacation_id = \(id) \(sql: condition(filter))" }
        return """
            vacation_photo_tags tagged CROSS JOIN vacation_photos
            WHERE tagged.vacation_id = \(id) AND tagged.tag_id = \(tag)
                AND vacation_photos.vacation_id = tagged.vacation_id AND vacation_photos.id = tagged.photo_id
            """
    }

    private func condition(_ filter: VacationPhotoFilter) -> SQL {
        switch filter {
        case .all: ""
        case .place(let place): "AND place_id = \(place)"
        case .tag(let tag): "AND id IN (SELECT photo_id FROM vacation_photo_tags WHERE vacation_id = \(id) AND tag_id = \(tag))"
        }
    }

    /// A photo of `filter` and its neighbours in date order, up to `reach` before and after it
    /// (read by keyset, and nothing counted, so what a photo's page costs does not grow with the
    /// vacation); nil when the photo is not among them.
    public func photos(_ filter: VacationPhotoFilter, around photoID: Int64, reach: Int) throws -> VacationPhotoWindow? {
        let reach = max(0, reach)
        return try database.read { db in
            guard let row = try db.fetchOne("""
                SELECT \(raw: VacationPhoto.columns), sorted_at FROM vacation_photos WHERE vacation_id = \(id) AND id = \(photoID) \(sql: condition(filter))
                """) else { return nil }
            let (photo, sortedAt): (VacationPhoto, String) = (try VacationPhoto(row: row), try row["sorted_at"])
            let before = try db.fetchAll("""
                SELECT \(raw: VacationPhoto.columns) FROM \(sql: listed(filter))
                    AND (sorted_at < \(sortedAt) OR (sorted_at = \(sortedAt) AND id < \(photoID)))
                ORDER BY sorted_at DESC, id DESC LIMIT \(reach)
                """, VacationPhoto.init)
            let after = try db.fetchAll("""
                SELECT \(raw: VacationPhoto.columns) FROM \(sql: listed(filter))
                    AND (sorted_at > \(sortedAt) OR (sorted_at = \(sortedAt) AND id > \(photoID)))
                ORDER BY sorted_at, id LIMIT \(reach)
                """, VacationPhoto.init)
            return VacationPhotoWindow(before: before.reversed(), photo: photo, after: after, isWhole: before.count < reach && after.count < reach)
        }
    }

    /// How many photos each list of the vacation has: all of them, each place's (by id), each tag's (by id).
    public func listLengths() throws -> [(filter: VacationPhotoFilter, count: Int)] {
        try database.read { db in
            let all: Int = try db.fetchValue("SELECT count(*) FROM vacation_photos WHERE vacation_id = \(id)") ?? 0
            let places = try db.fetchAll("""
                SELECT place_id, count(*) AS n FROM vacation_photos WHERE vacation_id = \(id) AND place_id IS NOT NULL GROUP BY place_id ORDER BY place_id
                """) { (VacationPhotoFilter.place(try $0["place_id"]), try $0["n"] as Int) }
            let tags = try db.fetchAll("""
                SELECT tag_id, count(*) AS n FROM vacation_photo_tags WHERE vacation_id = \(id) GROUP BY tag_id ORDER BY tag_id
                """) { (VacationPhotoFilter.tag(try $0["tag_id"]), try $0["n"] as Int) }
            return [(.all, all)] + places + tags
        }
    }

    /// The ids of a list's photos in date order, `limit` of them from `offset`.
    public func photoIDs(_ filter: VacationPhotoFilter, offset: Int, limit: Int) throws -> [Int64] {
        try database.fetchAll("""
            SELECT id FROM vacation_photos WHERE vacation_id = \(id) \(sql: condition(filter)) ORDER BY sorted_at, id
            LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """) { try $0["id"] as Int64 }
    }

    /// The photos at these positions of the date order (from 0), by position: a book's pages
    /// without reading every photo.
    public func photos(atPositions positions: [Int]) throws -> [Int: VacationPhoto] {
        try database.read { db in
            var found: [Int: VacationPhoto] = [:]
            for position in Set(positions) where position >= 0 {
                // The offset counted on the index alone; only the photo found is read from the table.
                found[position] = try db.fetchOne("""
                    SELECT \(raw: VacationPhoto.columns) FROM vacation_photos WHERE vacation_id = \(id) AND id = (
                        SELECT id FROM vacation_photos WHERE vacation_id = \(id) ORDER BY sorted_at, id LIMIT 1 OFFSET \(position))
                    """).map(VacationPhoto.init)
            }
            return found
        }
    }

    public func photo(id photoID: Int64) throws -> VacationPhoto? {
        try database.fetchOne("SELECT \(raw: VacationPhoto.columns) FROM vacation_photos WHERE vacation_id = \(id) AND id = \(photoID)")
            .map(VacationPhoto.init)
    }

    /// One place of the itinerary, reading only its own photos.
    public func place(id placeID: Int64) throws -> VacationPlace? {
        try places("AND places.id = \(placeID)").first
    }

    /// One tag, reading only its own photos.
    public func tag(id tagID: Int64) throws -> VacationTag? {
        try tags("AND tags.id = \(tagID)").first
    }

    /// How many places its photos were taken at and how many tags they have.
    public func placeAndTagCounts() throws -> (places: Int, tags: Int) {
        try database.read { db in
            // A place or tag goes with its vacation's last photo of it (`unvisit`, placing, `roadtrip check`).
            (try db.fetchValue("SELECT count(*) FROM vacation_places WHERE vacation_id = \(id)") ?? 0,
             try db.fetchValue("SELECT count(*) FROM vacation_tags WHERE vacation_id = \(id)") ?? 0)
        }
    }

    /// The photo's own preview (a JPEG), kept with the vacation.
    public func preview(photoID: Int64) throws -> [UInt8]? {
        try database.fetchValue("SELECT preview FROM vacation_photos WHERE vacation_id = \(id) AND id = \(photoID)")
    }

    /// The photo's own grid thumbnail (a WebP), kept with the vacation.
    public func thumbnail(photoID: Int64) throws -> [UInt8]? {
        try database.fetchValue("SELECT thumbnail FROM vacation_photos WHERE vacation_id = \(id) AND id = \(photoID)")
    }

    /// The tags of one photo of the vacation, by name.
    public func tags(ofPhoto photoID: Int64) throws -> [String] {
        try database.fetchAll("""
            SELECT tags.name FROM vacation_tags tags
            JOIN vacation_photo_tags photo_tags ON photo_tags.vacation_id = tags.vacation_id AND photo_tags.tag_id = tags.id
            WHERE tags.vacation_id = \(id) AND photo_tags.photo_id = \(photoID) ORDER BY tags.name_key
            """) { try $0["name"] as String }
    }
}
