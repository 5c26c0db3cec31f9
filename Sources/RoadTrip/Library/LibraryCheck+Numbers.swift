import Geo
import SQLDatabase

extension Library {
    /// Positions no place on Earth has (an infinite or out-of-range latitude or longitude, or one
    /// without the other), which an older RoadTrip stored as it was given: each is said and
    /// repaired in one transaction. Where the column may be empty the position goes (a photo
    /// keeps everything else); where it may not, the row that cannot be drawn goes (a vacation's
    /// place: its photos stay, without a place; a destination's sight) and is named in full.
    func repairImpossiblePositions(into report: inout LibraryCheckReport) throws {
        let repairs = try database.write { db in
            var repairs: [String] = []
            let photos = try impossible(
                in: db,
                """
                SELECT id, NULL AS owner, NULL AS name, latitude, longitude FROM photos
                WHERE latitude IS NOT NULL OR longitude IS NOT NULL ORDER BY id
                """)
            if !photos.isEmpty {
                // The map's cells summed the positions (an infinite one sums to NaN on the way
                // out): counted again from the photos once their positions are repaired.
                try db.execute("DELETE FROM photo_map_cells")
                for photo in photos {
                    try db.execute("UPDATE photos SET latitude = NULL, longitude = NULL WHERE id = \(photo.id)")
                    repairs.append("photos, photo \(photo.id): \(photo.problem); it now has no position")
                }
                try db.execute(SQL(stringLiteral: PhotoMapGrid.postgreSQLCellCount))
            }
            for photo in try impossible(
                in: db,
                """
                SELECT id, vacation_id AS owner, NULL AS name, latitude, longitude FROM vacation_photos
                WHERE latitude IS NOT NULL OR longitude IS NOT NULL ORDER BY vacation_id, id
                """)
            {
                try db.execute(
                    "UPDATE vacation_photos SET latitude = NULL, longitude = NULL WHERE vacation_id = \(photo.owner) AND id = \(photo.id)")
                try VacationContents.changed(photo.owner, in: db)
                repairs.append("vacation_photos, vacation \(photo.owner) photo \(photo.id): \(photo.problem); it now has no position")
            }
            for place in try impossible(
                in: db, "SELECT id, vacation_id AS owner, name, latitude, longitude FROM vacation_places ORDER BY vacation_id, id")
            {
                try db.execute("UPDATE vacation_photos SET place_id = NULL WHERE vacation_id = \(place.owner) AND place_id = \(place.id)")
                try db.execute("DELETE FROM vacation_places WHERE vacation_id = \(place.owner) AND id = \(place.id)")
                try VacationContents.changed(place.owner, in: db)
                repairs.append(
                    "vacation_places, vacation \(place.owner) place \(place.id) “\(place.name)”: \(place.problem); "
                        + "it is removed from the itinerary, its photos stay without a place")
            }
            for sight in try impossible(
                in: db,
                """
                SELECT position AS id, destination_id AS owner, title AS name, latitude, longitude FROM destination_points_of_interest
                ORDER BY destination_id, position
                """)
            {
                try db.execute(
                    "DELETE FROM destination_points_of_interest WHERE destination_id = \(sight.owner) AND position = \(sight.id)")
                repairs.append(
                    "destination_points_of_interest, destination \(sight.owner) sight \(sight.id) “\(sight.name)”: \(sight.problem); "
                        + "it is removed (import the catalogue again to have it back)")
            }
            return repairs
        }
        report.repairs += repairs
    }

    private struct ImpossiblePosition {
        let id: Int64
        let owner: Int64
        let name: String
        let problem: String
    }

    /// The rows of `sql` (`id`, `owner`, `name`, `latitude`, `longitude`) whose position is not a
    /// `Coordinate`, each with what is wrong with it.
    private func impossible(in db: Connection, _ sql: SQL) throws -> [ImpossiblePosition] {
        try db.fetchAll(sql) { row -> ImpossiblePosition? in
            let (latitude, longitude) = (try row["latitude"] as SQLValue, try row["longitude"] as SQLValue)
            guard let problem = Self.positionProblem(latitude: latitude, longitude: longitude) else { return nil }
            return ImpossiblePosition(
                id: try row["id"], owner: (try row["owner"] as Int64?) ?? 0, name: (try row["name"] as String?) ?? "",
                problem: problem)
        }.compactMap { $0 }
    }

    /// Nil for a possible position; else what is wrong with it.
    static func positionProblem(latitude: SQLValue, longitude: SQLValue) -> String? {
        func degrees(_ value: SQLValue) -> Double? {
            switch value {
            case .real(let number): number
            case .integer(let number): Double(number)
            default: nil
            }
        }
        switch (degrees(latitude), degrees(longitude)) {
        case (let latitude?, let longitude?):
            do throws(CoordinateError) {
                _ = try Coordinate(checking: latitude, longitude)
                return nil
            } catch {
                return "its \(error)"
            }
        case (nil, _?): return latitude == .null ? "it has a longitude but no latitude" : "its latitude is not a number"
        case (_?, nil): return longitude == .null ? "it has a latitude but no longitude" : "its longitude is not a number"
        case (nil, nil): return "its latitude and longitude are not numbers"
        }
    }
}
