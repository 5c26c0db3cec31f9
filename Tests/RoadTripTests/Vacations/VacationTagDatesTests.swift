import Foundation
import PostgreSQL
import SQLDatabase
import SQLite
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// A tag's photos are read in date order off the tag's own rows, which carry their photo's date:
/// the rows of a library from before are dated when it is opened, and every row since by the
/// database itself, whoever inserts it.
@Suite(.onEachEngine) struct VacationTagDatesTests {
    @Test func aTagsPhotosAreInDateOrderWhetherTaggedBeforeTheUpgradeOrAfter() throws {
        // setup: a library of the schema before tag rows had dates, its photos' dates in the
        // opposite order of their ids; photos 1 and 2 tagged there
        let data = FreshDataFolder()
        let before = try LibraryBefore(sqlite: "019-vacation-tags-by-date", postgreSQL: "014-vacation-tags-by-date", in: data)
        let (location, old) = (before.location, before.database)
        try old.write { db in
            try db.execute(
                "INSERT INTO accounts (id, name, name_key, password_hash, is_owner, created_at) VALUES (1, 'Ann', 'ann', 'x', 1, 0)")
            try db.execute("INSERT INTO vacations (id, account_id, name, name_key, created_at) VALUES (1, 1, 'Lisbon', 'lisbon', 0)")
            try db.execute("INSERT INTO vacation_tags (vacation_id, id, name, name_key) VALUES (1, 1, 'Trams', 'trams')")
            for number in 1...4 {
                let day = "2024-05-0\(5 - number)T10:00:00"
                try db.execute(
                    """
                    INSERT INTO vacation_photos (vacation_id, id, sha256, title, taken_at, sorted_at, width, height, added_at, \
                    preview, thumbnail)
                    VALUES (1, \(number), \(String(repeating: "\(number)", count: 64)), \("Photo \(number)"), \(day), \(day), 4, \
                    3, 0, \([UInt8(0xFF)]), \([UInt8(0x52)]))
                    """)
            }
            for number in 1...2 {
                try db.execute("INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) VALUES (1, \(number), 1)")
            }
        }

        // MUT: the library opened by this RoadTrip (the upgrade runs), photo 4 tagged by hand
        // and photo 3 as a person tags it
        let library = try Library(folder: data.url, database: location, readers: 1, hasher: .leastWork())
        try library.database.write { db in
            try db.execute("INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) VALUES (1, 4, 1)")
        }
        try library.database.write { db in _ = try VacationPhotoTags.attach("trams", toPhoto: 3, inVacation: 1, in: db) }

        // validate: every row dated as its photo, the tag's list and a photo's neighbours by date
        let dates = try library.database.fetchAll(
            """
            SELECT tagged.sorted_at AS tagged, photos.sorted_at AS photo FROM vacation_photo_tags tagged
            JOIN vacation_photos photos ON photos.vacation_id = tagged.vacation_id AND photos.id = tagged.photo_id
            """
        ) { (try $0["tagged"] as String, try $0["photo"] as String) }
        #expect(dates.count == 4 && dates.allSatisfy { $0.0 == $0.1 }, "\(dates)")
        let contents = try #require(try library.vacations.vacation(1, of: AccountID(1))).contents
        #expect(try contents.photos(.tag(1)).map(\.id) == [4, 3, 2, 1])
        #expect(try contents.photos(.tag(1), around: 2, reach: 1)?.photos.map(\.id) == [3, 2, 1])
        #expect(try contents.photoIDs(.tag(1), offset: 1, limit: 2) == [3, 2])
    }
}
