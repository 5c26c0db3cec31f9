import Foundation
import PostgreSQL
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// The trips found in the photos were `trip_suggestions` in the tables and are `found_trips`
/// now: a library from before keeps its trips, and new ones are numbered after them.
@Suite(.onEachEngine) struct FoundTripsRenameTests {
    @Test func aLibraryFromBeforeTheRenameKeepsItsFoundTripsAndNumbersNewOnesAfter() throws {
        // setup: a library of the schema before the rename, with a trip found and dismissed
        let data = FreshDataFolder()
        let before = try LibraryBefore(sqlite: "029-found-trips", postgreSQL: "025-found-trips", in: data)
        let (location, old) = (before.location, before.database)
        try old.write { db in
            try db.execute(
                """
                INSERT INTO trip_suggestions (first_day, last_day, title, photo_count, farthest_km, status, found_at)
                VALUES ('2024-06-10', '2024-06-12', 'Rome', 6, 1400, 'dismissed', 0)
                """)
        }

        // MUT: the library opened by this RoadTrip (the rename runs), and a trip found after it
        let library = try Library(folder: data.url, database: location, readers: 1, hasher: .leastWork())
        try library.database.write { db in
            try db.execute(
                """
                INSERT INTO found_trips (first_day, last_day, title, photo_count, farthest_km, found_at)
                VALUES ('2024-09-01', '2024-09-02', 'Lisbon', 6, 2300, 0)
                """)
        }

        // validate
        let rows = try library.database.fetchAll("SELECT id, title, status FROM found_trips ORDER BY id") { row in
            "\(try row["id"] as Int64) \(try row["title"] as String) \(try row["status"] as String)"
        }
        #expect(rows == ["1 Rome dismissed", "2 Lisbon open"])
        #expect(try library.foundTrips.proposed().map(\.title) == ["Lisbon"])
    }
}
