import Foundation
import PostgreSQL
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// The trips found in the photos were `trip_suggestions` in the tables and are `found_trips`
/// now; what each person hid from On this day was `memory_hidden_*` and is
/// `on_this_day_hidden_*`: a library from before keeps its trips (new ones numbered after them)
/// and what was hidden.
@Suite(.onEachEngine) struct TableRenameTests {
    @Test func aLibraryFromBeforeTheRenamesKeepsItsFoundTripsAndWhatWasHidden() throws {
        // setup: a library of the schema before the rename, with a trip found and dismissed
        let data = FreshDataFolder()
        let before = try LibraryBefore(sqlite: "029-found-trips-and-on-this-day", postgreSQL: "025-found-trips-and-on-this-day", in: data)
        let (location, old) = (before.location, before.database)
        try old.write { db in
            try db.execute(
                """
                INSERT INTO trip_suggestions (first_day, last_day, title, photo_count, farthest_km, status, found_at)
                VALUES ('2024-06-10', '2024-06-12', 'Rome', 6, 1400, 'dismissed', 0)
                """)
            try db.execute(
                "INSERT INTO accounts (id, name, name_key, password_hash, is_owner, created_at) VALUES (1, 'Ann', 'ann', 'x', 1, 0)")
            try db.execute("INSERT INTO memory_hidden_days (account_id, day) VALUES (1, '2024-06-11')")
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
        #expect(
            try library.database.fetchAll("SELECT day FROM on_this_day_hidden_days WHERE account_id = 1") { try $0["day"] as String } == [
                "2024-06-11"
            ])
    }
}
