import SQLDatabase
import TextRules

extension VacationDocument {
    /// The last step of an import, on our own copy of the file before it is kept: the name the
    /// catalogue gives it, and text-direction overrides removed from everything it shows.
    ///
    /// Removed rather than refused: an older RoadTrip accepted them in names and tags, and the
    /// characters are invisible, so removing them loses nothing a person sees — refusing would
    /// lose a whole vacation over them. It is what keywords, EXIF text and Flickr's get.
    func prepareImported(name: String) throws {
        try database.write { db in
            try db.execute("UPDATE vacation SET name = \(name) WHERE id = 1")
            try Self.removeDirectionOverrides(from: ["title", "subtitle", "camera"], of: "photos", in: db)
            try Self.removeDirectionOverrides(from: ["name", "region", "country"], of: "places", in: db)
            try Self.cleanTags(in: db)
        }
    }

    /// Only rows that change are written: rewriting every row would put the whole document in
    /// the journal. The code points come from the rule (all in General Punctuation), never input.
    private static func removeDirectionOverrides(from columns: [String], of table: String, in db: Connection) throws {
        let overrides = (UInt32(0x2000)...0x206F).filter { Unicode.Scalar($0).map(DirectionOverrides.isOverride) ?? false }
        let stripped = { (column: String) in overrides.reduce(column) { "replace(\($0), char(\($1)), '')" } }
        let assignments = columns.map { "\($0) = \(stripped($0))" }.joined(separator: ", ")
        let changed = columns.map { "\(stripped($0)) IS NOT \($0)" }.joined(separator: " OR ")
        try db.execute("UPDATE \(raw: table) SET \(raw: assignments) WHERE \(raw: changed)")
    }

    /// Tags cleaned as a person's are (`VacationTags.clean`). Two that become one name are
    /// merged, keeping the photos of both; one left blank goes. Keys being changed first get
    /// one `nameKey` never makes (it trims, so never a leading space), so no update collides.
    private static func cleanTags(in db: Connection) throws {
        let tags = try db.fetchAll("SELECT id, name, name_key FROM tags ORDER BY id") { row in
            (id: try row["id"] as Int64, name: try row["name"] as String, key: try row["name_key"] as String)
        }
        let changed = tags.filter { VacationTags.clean($0.name) != $0.name || tagKey($0.name) != $0.key }
        guard !changed.isEmpty else { return }
        for tag in changed { try db.execute("UPDATE tags SET name_key = ' ' || id WHERE id = \(tag.id)") }
        var byKey = Dictionary(uniqueKeysWithValues: tags.filter { tag in !changed.contains { $0.id == tag.id } }.map { ($0.key, $0.id) })
        for tag in changed {
            let name = VacationTags.clean(tag.name)
            let key = tagKey(name)
            if name.isEmpty {
                try db.execute("DELETE FROM tags WHERE id = \(tag.id)")
            } else if let other = byKey[key] {
                try db.execute("INSERT OR IGNORE INTO photo_tags (photo_id, tag_id) SELECT photo_id, \(other) FROM photo_tags WHERE tag_id = \(tag.id)")
                try db.execute("DELETE FROM tags WHERE id = \(tag.id)")
            } else {
                try db.execute("UPDATE tags SET name = \(name), name_key = \(key) WHERE id = \(tag.id)")
                byKey[key] = tag.id
            }
        }
    }
}
