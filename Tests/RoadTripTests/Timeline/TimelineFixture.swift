import Crypto
import Foundation
import Geo
import SQLDatabase
@testable import RoadTrip

/// Dated photos written straight into the library's rows (the timeline reads rows, not files),
/// each at a place of the fixture's gazetteer or at a bare position.
extension PhotosFixture {
    @discardableResult
    func dated(_ title: String, _ takenAt: String?, at place: GazetteerPlace? = nil, position: (Double, Double)? = nil) throws -> Int64 {
        let coordinate = place.map { ($0.coordinate.latitude, $0.coordinate.longitude) } ?? position
        return try library.database.write { db in
            if let place { try PhotoStore.record(place, in: db) }
            return try db.insertReturningID(
                """
                INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, latitude, longitude,
                    place_id, imported_at, position_source)
                VALUES (\(SHA256.hexDigest(Array(title.utf8))), 'jpeg', 1, 4, 3, \(title), \(takenAt), \(takenAt ?? "2026-01-01T00:00:00"),
                    \(coordinate?.0), \(coordinate?.1), \(place?.id), 0, \(coordinate == nil ? nil : "camera"))
                """)
        }
    }

    func remove(_ id: Int64) throws {
        try library.database.write { db in try db.execute("DELETE FROM photos WHERE id = \(id)") }
    }

    func redate(_ id: Int64, to takenAt: String?) throws {
        try library.database.write { db in try db.execute("UPDATE photos SET taken_at = \(takenAt) WHERE id = \(id)") }
    }

    /// The day counts the triggers keep, as "day: count".
    func dayCounts() throws -> [String] {
        try library.database.fetchAll("SELECT day, photo_count FROM timeline_days ORDER BY day") { row in
            "\(try row["day"] as String): \(try row["photo_count"] as Int)"
        }
    }
}

extension CalendarDay {
    init(_ year: Int, _ month: Int, _ day: Int) {
        self = CalendarDay(year: year, month: month, day: day)!
    }
}
