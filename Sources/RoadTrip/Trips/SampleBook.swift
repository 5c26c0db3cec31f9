import SQLDatabase

/// The classic page-based example app as a destination: its book's pages are generated
/// ("Chapter N", "This is the page N of content"), as many as configured. The demo, the
/// tests and the benchmark read it; a 10,000-page sample costs no rows.
public enum SampleBook {
    public static let name = "Page-Based Sample"
    public static let defaultPageCount = 12
    public static let maximumPageCount = 100_000

    public static func title(ofPage number: Int) -> String { "Chapter \(number)" }
    public static func text(ofPage number: Int) -> String { "This is the page \(number) of content." }

    /// Adds the sample destination, or sets its length; called at start with `--sample-pages`.
    @discardableResult
    public static func install(pages: Int, in database: Database) throws -> Int64 {
        guard (1...maximumPageCount).contains(pages) else { throw SampleBookError.pageCount(pages) }
        return try database.write { db in
            if let id: Int64 = try db.fetchValue("SELECT id FROM destinations WHERE sample_pages IS NOT NULL") {
                try db.execute("UPDATE destinations SET sample_pages = \(pages) WHERE id = \(id)")
                return id
            }
            let insertedID = try db.insertReturningID(
                """
                INSERT INTO destinations (name, image_name, location_title, location_subtitle, latitude, longitude, weather_url, \
                position, sample_pages)
                VALUES (\(name), 'SampleBook.svg', 'Cupertino', 'Where the page-based example came from', 37.3230, -122.0322,
                        'https://forecast.weather.gov/MapClick.php?lat=37.323&lon=-122.0322',
                        (SELECT coalesce(max(position), 0) + 1 FROM destinations), \(pages))
                """)
            return insertedID
        }
    }
}

public enum SampleBookError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageCount(Int)

    public var description: String {
        switch self {
        case .pageCount(let count): "The sample book has from 1 to \(SampleBook.maximumPageCount) pages, not \(count)."
        }
    }
}
