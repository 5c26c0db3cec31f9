import SQLDatabase

/// The destinations in the library: what the RoadTrip menu lists.
public struct DestinationCatalog: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func all() throws -> [Destination] {
        try database.fetch(Self.allQuery)
    }

    /// Every destination, in the menu's order.
    public static let allQuery = Query(all: select + "ORDER BY d.position, d.name", destination)

    public func destination(id: Int64) throws -> Destination? {
        try database.fetchAll(DestinationCatalog.select + "WHERE d.id = \(id)", DestinationCatalog.destination).first
    }

    /// The built-in sample book's destination, when it is installed.
    public func sample() throws -> Destination? {
        try database.fetchAll(DestinationCatalog.select + "WHERE d.sample_pages IS NOT NULL", DestinationCatalog.destination).first
    }

    public func eventURLs(destinationID: Int64) throws -> [String] {
        try database.fetchAll("SELECT url FROM destination_events WHERE destination_id = \(destinationID) ORDER BY position") {
            try $0["url"]
        }
    }

    public func pointsOfInterest(destinationID: Int64) throws -> [PointOfInterest] {
        try database.fetch(Self.pointsOfInterestQuery(destinationID: destinationID))
    }

    public static func pointsOfInterestQuery(destinationID: Int64) -> Query<[PointOfInterest]> {
        pointsOfInterestQuery(where: "destination_id = \(destinationID)")
    }

    /// The points of interest of the destinations `condition` picks, in their order. One an
    /// older RoadTrip stored at no place on Earth is left out (`roadtrip check` removes it).
    static func pointsOfInterestQuery(where condition: SQL) -> Query<[PointOfInterest]> {
        Query("SELECT title, subtitle, latitude, longitude FROM destination_points_of_interest WHERE \(sql: condition) ORDER BY position") {
            rows in
            try rows.compactMap { row in
                guard let coordinate = Coordinate(latitude: try row["latitude"] as Double, longitude: try row["longitude"] as Double) else {
                    return nil
                }
                return PointOfInterest(title: try row["title"], subtitle: try row["subtitle"], coordinate: coordinate)
            }
        }
    }

    private static let select: SQL = """
        SELECT d.id, d.name, d.image_name, d.location_title, d.location_subtitle, d.latitude, d.longitude, d.weather_url, d.sample_pages,
               coalesce(d.sample_pages, (SELECT count(*) FROM destination_events e WHERE e.destination_id = d.id)) AS event_count
        FROM destinations d\u{20}
        """

    /// The table's CHECKs keep its position possible; a row that is not anyway is refused as
    /// unreadable rather than drawn.
    private static func destination(_ row: Row) throws -> Destination {
        guard let coordinate = Coordinate(latitude: try row["latitude"] as Double, longitude: try row["longitude"] as Double) else {
            throw DatabaseError(kind: .mismatch, message: "destination \(try row["id"] as Int64): its position is no place on Earth")
        }
        return Destination(
            id: try row["id"], name: try row["name"], imageName: try row["image_name"],
            locationTitle: try row["location_title"], locationSubtitle: try row["location_subtitle"],
            coordinate: coordinate,
            weatherURL: try row["weather_url"], eventCount: try row["event_count"],
            isSample: (try row["sample_pages"] as Int?) != nil
        )
    }
}
