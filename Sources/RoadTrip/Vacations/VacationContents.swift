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
    /// Its counts, dates, places, tags and photo order, kept until the library changes.
    let figureCache: VacationFigures

    init(database: Database, id: Int64, figures: VacationFigures) {
        self.database = database
        self.id = id
        figureCache = figures
    }

    public func summary(name: String) throws -> Vacation {
        let figures = try self.figures()
        return Vacation(id: id, name: name, photoCount: figures.photoCount, firstDate: figures.firstDate, lastDate: figures.lastDate)
    }

    private func figures() throws -> VacationFigures.Figures {
        try figureCache.figures(of: id, in: database)
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
        try database.fetchValue(
            """
            SELECT 1 FROM vacation_photos WHERE vacation_id = \(id) AND sha256 = \(sha256) AND added_by = \(account.rawValue)
            """) as Int? != nil
    }

    /// The places in the order first visited: the earliest photo date there.
    public func itinerary() throws -> [VacationPlace] {
        try figures().places
    }

    /// The tags, most used first; only those whose name contains `filter` (case ignored) when given.
    public func tags(matching filter: String = "") throws -> [VacationTag] {
        let key = VacationTags.key(filter)
        guard !key.isEmpty else { return try figures().tags }
        return try database.read { db in try VacationFigures.tags(of: id, "AND instr(tags.name_key, \(key)) > 0", in: db) }
    }

    /// Photos in date order (the order they were taken; undated ones by when they were added).
    public func photos(_ filter: VacationPhotoFilter = .all) throws -> [VacationPhoto] {
        let list = listed(filter)
        return try database.fetchAll(
            """
            SELECT \(raw: VacationPhoto.columns) FROM \(sql: list.rows) ORDER BY \(raw: list.date), \(raw: list.id)
            """, VacationPhoto.init)
    }

    /// The rows of a list and the condition that makes them, to go on with `AND …`, and the
    /// columns that order them (date, then id). A tag's are read through the tag's own rows,
    /// which carry their photo's date (SQLite keeps a CROSS JOIN's order): its photos in date
    /// order off the tag's index, never by reading the vacation's thousands or the tag's all.
    private func listed(_ filter: VacationPhotoFilter) -> (rows: SQL, date: String, id: String) {
        guard case .tag(let tag) = filter else {
            return (
                "vacation_photos WHERE vacation_id = \(id) \(sql: condition(filter))", "vacation_photos.sorted_at", "vacation_photos.id"
            )
        }
        return (
            """
            vacation_photo_tags tagged CROSS JOIN vacation_photos
            WHERE tagged.vacation_id = \(id) AND tagged.tag_id = \(tag)
                AND vacation_photos.vacation_id = tagged.vacation_id AND vacation_photos.id = tagged.photo_id
            """, "tagged.sorted_at", "tagged.photo_id"
        )
    }

    private func condition(_ filter: VacationPhotoFilter) -> SQL {
        switch filter {
        case .all: ""
        case .place(let place): "AND place_id = \(place)"
        case .tag(let tag):
            "AND EXISTS (SELECT 1 FROM vacation_photo_tags WHERE vacation_id = \(id) AND photo_id = vacation_photos.id AND tag_id = \(tag))"
        }
    }

    /// A photo of `filter` and its neighbours in date order, up to `reach` before and after it
    /// (read by keyset, and nothing counted, so what a photo's page costs does not grow with the
    /// vacation); nil when the photo is not among them. The keyset is a row value: both engines
    /// start it on the list's index, where `sorted_at > ? OR (sorted_at = ? AND id > ?)` walks it.
    public func photos(_ filter: VacationPhotoFilter, around photoID: Int64, reach: Int) throws -> VacationPhotoWindow? {
        let reach = max(0, reach)
        return try database.read { db in
            guard
                let row = try db.fetchOne(
                    """
                    SELECT \(raw: VacationPhoto.columns), sorted_at FROM vacation_photos WHERE vacation_id = \(id) AND id = \
                    \(photoID) \(sql: condition(filter))
                    """)
            else { return nil }
            let (photo, sortedAt): (VacationPhoto, String) = (try VacationPhoto(row: row), try row["sorted_at"])
            let list = listed(filter)
            let before = try db.fetchAll(
                """
                SELECT \(raw: VacationPhoto.columns) FROM \(sql: list.rows) AND (\(raw: list.date), \(raw: list.id)) < \
                (\(sortedAt), \(photoID))
                ORDER BY \(raw: list.date) DESC, \(raw: list.id) DESC LIMIT \(reach)
                """, VacationPhoto.init)
            let after = try db.fetchAll(
                """
                SELECT \(raw: VacationPhoto.columns) FROM \(sql: list.rows) AND (\(raw: list.date), \(raw: list.id)) > \
                (\(sortedAt), \(photoID))
                ORDER BY \(raw: list.date), \(raw: list.id) LIMIT \(reach)
                """, VacationPhoto.init)
            return VacationPhotoWindow(
                before: before.reversed(), photo: photo, after: after, isWhole: before.count < reach && after.count < reach)
        }
    }

    /// How many photos each list of the vacation has: all of them, each place's (by id), each tag's (by id).
    public func listLengths() throws -> [(filter: VacationPhotoFilter, count: Int)] {
        let figures = try figures()
        return [(.all, figures.photoCount)]
            + figures.places.sorted { $0.id < $1.id }.map { (.place($0.id), $0.photoCount) }
            + figures.tags.sorted { $0.id < $1.id }.map { (.tag($0.id), $0.photoCount) }
    }

    /// The ids of a list's photos in date order, `limit` of them from `offset`.
    public func photoIDs(_ filter: VacationPhotoFilter, offset: Int, limit: Int) throws -> [Int64] {
        guard case .all = filter else {
            let list = listed(filter)
            return try database.fetchAll(
                """
                SELECT vacation_photos.id FROM \(sql: list.rows) ORDER BY \(raw: list.date), \(raw: list.id)
                LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """
            ) { try $0["id"] as Int64 }
        }
        let order = try figures().order
        let start = min(max(0, offset), order.count)
        return Array(order[start..<(start + min(max(0, limit), order.count - start))])
    }

    /// The photos at these positions of the date order (from 0), by position: a book's pages,
    /// found in the order kept (`VacationFigures`) without counting their way through the index.
    public func photos(atPositions positions: [Int]) throws -> [Int: VacationPhoto] {
        let order = try figures().order
        return try database.read { db in
            var found: [Int: VacationPhoto] = [:]
            for position in Set(positions) where order.indices.contains(position) {
                found[position] = try db.fetchOne(
                    "SELECT \(raw: VacationPhoto.columns) FROM vacation_photos WHERE vacation_id = \(id) AND id = \(order[position])"
                )
                .map(VacationPhoto.init)
            }
            return found
        }
    }

    public func photo(id photoID: Int64) throws -> VacationPhoto? {
        try database.fetchOne("SELECT \(raw: VacationPhoto.columns) FROM vacation_photos WHERE vacation_id = \(id) AND id = \(photoID)")
            .map(VacationPhoto.init)
    }

    /// One place of the itinerary.
    public func place(id placeID: Int64) throws -> VacationPlace? {
        try figures().places.first { $0.id == placeID }
    }

    /// One tag.
    public func tag(id tagID: Int64) throws -> VacationTag? {
        try figures().tags.first { $0.id == tagID }
    }

    /// How many places its photos were taken at and how many tags they have.
    public func placeAndTagCounts() throws -> (places: Int, tags: Int) {
        try database.read { db in
            // A place or tag goes with its vacation's last photo of it (`unvisit`, placing, `roadtrip check`).
            (
                try db.fetchValue("SELECT count(*) FROM vacation_places WHERE vacation_id = \(id)") ?? 0,
                try db.fetchValue("SELECT count(*) FROM vacation_tags WHERE vacation_id = \(id)") ?? 0
            )
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
        try database.fetchAll(
            """
            SELECT tags.name FROM vacation_tags tags
            JOIN vacation_photo_tags photo_tags ON photo_tags.vacation_id = tags.vacation_id AND photo_tags.tag_id = tags.id
            WHERE tags.vacation_id = \(id) AND photo_tags.photo_id = \(photoID) ORDER BY tags.name_key
            """
        ) { try $0["name"] as String }
    }
}
