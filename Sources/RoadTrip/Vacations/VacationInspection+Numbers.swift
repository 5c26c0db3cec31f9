import Geo
import SQLDatabase

extension VacationInspection {
    /// The positions of a document's places and photos: each a number a place on Earth has
    /// (`Coordinate` decides), a photo's both or neither. The first that is not is named in the
    /// refusal, so that no page ever draws it.
    static func checkPositions(in connection: Connection) throws {
        let places = try connection.fetchAll("SELECT id, latitude, longitude FROM places ORDER BY id") { row in
            (id: try row["id"] as Int64, latitude: try row["latitude"] as SQLValue, longitude: try row["longitude"] as SQLValue)
        }
        for place in places {
            try checkPosition(latitude: place.latitude, longitude: place.longitude, of: "place \(place.id)")
        }
        let photos = try connection.fetchAll(
            """
            SELECT id, latitude, longitude FROM photos WHERE latitude IS NOT NULL OR longitude IS NOT NULL ORDER BY id
            """
        ) { row in
            (id: try row["id"] as Int64, latitude: try row["latitude"] as SQLValue, longitude: try row["longitude"] as SQLValue)
        }
        for photo in photos {
            try checkPosition(latitude: photo.latitude, longitude: photo.longitude, of: "photo \(photo.id)")
        }
    }

    private static func checkPosition(latitude: SQLValue, longitude: SQLValue, of owner: String) throws {
        let latitude = try degrees(latitude, field: "latitude", of: owner)
        let longitude = try degrees(longitude, field: "longitude", of: owner)
        do throws(CoordinateError) {
            _ = try Coordinate(checking: latitude, longitude)
        } catch {
            throw VacationError.notADocument("\(owner): its \(error)")
        }
    }

    private static func degrees(_ value: SQLValue, field: String, of owner: String) throws -> Double {
        switch value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case .null: throw VacationError.notADocument("\(owner): it has a \(field == "latitude" ? "longitude" : "latitude") but no \(field)")
        default: throw VacationError.notADocument("\(owner): its \(field) is not a number")
        }
    }
}
