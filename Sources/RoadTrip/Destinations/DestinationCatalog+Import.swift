import Foundation
import SQLDatabase

/// What an import changed.
public struct DestinationImportSummary: Sendable, Equatable {
    public var added: [String] = []
    public var updated: [String] = []
}

extension DestinationCatalog {
    /// Adds the records, replacing a destination of the same name (ignoring case) with its
    /// events and points of interest. All or nothing: one transaction.
    @discardableResult
    public func importRecords(_ records: [DestinationRecord]) throws -> DestinationImportSummary {
        try database.write { db in try importRecords(records, into: db) }
    }

    private func importRecords(_ records: [DestinationRecord], into db: Connection) throws -> DestinationImportSummary {
        var summary = DestinationImportSummary()
        for record in records {
            let existing: Int64? = try db.fetchValue("SELECT id FROM destinations WHERE lower(name) = lower(\(record.name))")
            let id: Int64
            if let existing {
                try db.execute(
                    """
                    UPDATE destinations SET name = \(record.name), image_name = \(record.imageName),
                        location_title = \(record.locationTitle), location_subtitle = \(record.locationSubtitle),
                        latitude = \(record.coordinate.latitude), longitude = \(record.coordinate.longitude),
                        weather_url = \(record.weatherURL)
                    WHERE id = \(existing)
                    """)
                try db.execute("DELETE FROM destination_events WHERE destination_id = \(existing)")
                try db.execute("DELETE FROM destination_points_of_interest WHERE destination_id = \(existing)")
                id = existing
                summary.updated.append(record.name)
            } else {
                id = try db.insertReturningID(
                    """
                    INSERT INTO destinations (name, image_name, location_title, location_subtitle, latitude, longitude, \
                    weather_url, position)
                    VALUES (\(record.name), \(record.imageName), \(record.locationTitle), \(record.locationSubtitle),
                            \(record.coordinate.latitude), \(record.coordinate.longitude), \(record.weatherURL),
                            (SELECT coalesce(max(position), 0) + 1 FROM destinations))
                    """)
                summary.added.append(record.name)
            }
            for (position, url) in record.eventURLs.enumerated() {
                try db.execute("INSERT INTO destination_events (destination_id, position, url) VALUES (\(id), \(position), \(url))")
            }
            for (position, point) in record.pointsOfInterest.enumerated() {
                try db.execute(
                    """
                    INSERT INTO destination_points_of_interest (destination_id, position, title, subtitle, latitude, longitude)
                    VALUES (\(id), \(position), \(point.title), \(point.subtitle), \(point.coordinate.latitude), \
                    \(point.coordinate.longitude))
                    """)
            }
        }
        return summary
    }

    /// Whether the library has never been started: the demo catalogue is still to be loaded.
    public func isNew() throws -> Bool {
        try database.read { db in try !LibraryEvents.happened("demo-catalogue-loaded", in: db) }
    }

    /// Loads the bundled demo catalogue the first time a library is opened, and never again
    /// (a person who removes the demo destinations does not get them back).
    @discardableResult
    public func loadDemoOnFirstStart() throws -> Bool {
        let records = try DestinationCatalog.demoRecords()
        return try database.write { db in
            guard try LibraryEvents.recordOnce("demo-catalogue-loaded", in: db) else { return false }
            let empty: Int = try db.fetchValue("SELECT count(*) FROM destinations") ?? 0
            guard empty == 0 else { return false }
            _ = try self.importRecords(records, into: db)
            return true
        }
    }

    public static func demoRecords() throws -> [DestinationRecord] {
        guard let url = Bundle.module.url(forResource: "DemoDestinations", withExtension: "plist") else {
            throw LibraryError(description: "the demo catalogue is missing from this build")
        }
        return try DestinationFile.read(contentsOf: url)
    }
}
