import SQLDatabase
import TextRules

/// The rows of one vacation as they travel between the library's `vacation_*` tables and a
/// vacation document (`VacationFormat`): the same columns on both sides, the vacation's id
/// only in the library.
enum VacationRows {
    /// A place as the vacation recorded it when a photo was visited: the same fields.
    typealias Place = VisitedPhoto.Place

    struct Photo {
        static let columns = """
            id, sha256, title, subtitle, taken_at, sorted_at, latitude, longitude, camera, place_id, width, height, added_at, \
            preview, thumbnail, title_from_file
            """

        let id: Int64
        let sha256: String
        var title: String
        var subtitle: String?
        let takenAt: String?
        let sortedAt: String
        let latitude: Double?
        let longitude: Double?
        var camera: String?
        let placeID: Int64?
        let width: Int64
        let height: Int64
        let addedAt: Int64
        let preview: [UInt8]
        let thumbnail: [UInt8]
        let titleFromFile: Bool

        init(row: Row) throws {
            (id, sha256, title, subtitle) = (try row["id"], try row["sha256"], try row["title"], try row["subtitle"])
            (takenAt, sortedAt, latitude, longitude) = (
                try row["taken_at"], try row["sorted_at"], try row["latitude"], try row["longitude"]
            )
            (camera, placeID, width, height) = (try row["camera"], try row["place_id"], try row["width"], try row["height"])
            (addedAt, preview, thumbnail) = (try row["added_at"], try row["preview"], try row["thumbnail"])
            titleFromFile = try row["title_from_file"] as Int64 != 0
        }

        var cleaned: Photo {
            var photo = self
            (photo.title, photo.subtitle, photo.camera) = (
                VacationRows.clean(title), subtitle.map(VacationRows.clean), camera.map(VacationRows.clean)
            )
            return photo
        }

        /// The values after the vacation's id (library) or alone (document), in `columns` order.
        var values: SQL {
            """
            \(id), \(sha256), \(title), \(subtitle), \(takenAt), \(sortedAt), \(latitude), \(longitude), \(camera), \(placeID), \
            \(width), \(height), \(addedAt), \(preview), \(thumbnail), \(titleFromFile)
            """
        }
    }

    struct Tag {
        let id: Int64
        let name: String
        let key: String
    }

    /// Photo ids in runs of about `budget` bytes of images (at least one photo each), given each
    /// photo's id and image bytes in id order: a copy holds a bounded part of a vacation in
    /// memory, however large its photos are.
    static func batches(_ sizes: [(id: Int64, bytes: Int)], budget: Int = 32 << 20) -> [ClosedRange<Int64>] {
        var batches: [ClosedRange<Int64>] = []
        var start: Int64?
        var last: Int64 = 0
        var total = 0
        for (id, bytes) in sizes {
            if let first = start, total + bytes > budget {
                batches.append(first...last)
                start = nil
            }
            if start == nil { (start, total) = (id, 0) }
            total += bytes
            last = id
        }
        if let start { batches.append(start...last) }
        return batches
    }

    fileprivate static func clean(_ text: String) -> String {
        DirectionOverrides.removed(from: text)
    }
}

extension VisitedPhoto.Place {
    static let columns = "id, name, region, country, latitude, longitude"

    init(row: Row) throws {
        self.init(
            id: try row["id"], name: try row["name"], region: try row["region"], country: try row["country"],
            latitude: try row["latitude"], longitude: try row["longitude"])
    }

    /// Without text-direction overrides in what it shows.
    var cleaned: Self {
        Self(
            id: id, name: VacationRows.clean(name), region: region.map(VacationRows.clean), country: VacationRows.clean(country),
            latitude: latitude, longitude: longitude)
    }
}
