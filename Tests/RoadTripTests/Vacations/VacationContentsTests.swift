import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct VacationContentsTests {
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }

    private func photo(_ name: String, seed: UInt64, at spot: (Double, Double)?, takenAt: String) throws -> Photo {
        try #require(fixture.importPhoto(try fixture.draw(name, width: 120, height: 90, seed: seed, at: spot, takenAt: takenAt)).photo)
    }

    @Test func visitingRecordsThePhotoItsPlaceAndTagsAndTheItineraryIsInTheOrderFirstVisited() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let saoPaulo = try photo("Paulista.jpg", seed: 2, at: Spot.paulista, takenAt: "2024-05-01T10:00:00")
        let lisbonAgain = try photo("Tram.jpg", seed: 3, at: (38.7140, -9.1395), takenAt: "2024-05-02T10:00:00")
        try fixture.library.photoTags.add("Trams", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("trams ", to: lisbonAgain.id, for: ann.id)
        try fixture.library.photoTags.add("Night", to: saoPaulo.id, for: ann.id)

        // MUT
        for photo in [lisbon, saoPaulo, lisbonAgain] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }
        let again = try store.visit(lisbon, into: id, for: ann.id, library: fixture.library)

        // validate
        let contents = try #require(try store.vacation(id, of: ann.id)).contents
        #expect(!again)
        #expect(try contents.itinerary().map(\.name) == ["São Paulo", "Lisbon"])
        #expect(try contents.itinerary().map(\.photoCount) == [1, 2])
        let positions = try contents.itinerary().compactMap(\.coordinate)
        #expect(
            abs(positions[0].latitude - -23.55) < 0.2 && abs(positions[0].longitude - -46.63) < 0.2,
            "São Paulo where the gazetteer puts it: \(positions[0])")
        #expect(abs(positions[1].latitude - 38.72) < 0.1 && abs(positions[1].longitude - -9.14) < 0.1, "Lisbon: \(positions[1])")
        #expect(try contents.tags().map(\.name) == ["Trams", "Night"])
        #expect(try contents.tags().map(\.photoCount) == [2, 1])
        #expect(try contents.tags(matching: "RAM").map(\.name) == ["Trams"])
        #expect(try contents.photos().map(\.title) == ["Paulista", "Tram", "Alfama"])
        #expect(try store.all(of: ann.id).first?.photoCount == 3)
        #expect(try store.all(of: ann.id).first?.firstDate == "2024-05-01T10:00:00")
        #expect(try store.holding(sha256: lisbon.sha256, for: ann.id).map(\.name) == ["Trip"])
        let preview = try contents.preview(photoID: try contents.photos().first!.id)
        #expect(preview?.starts(with: [0xFF, 0xD8]) == true, "the vacation keeps its own JPEG preview")
    }

    @Test func aVacationsCountsAndListsKeptBetweenPagesFollowEveryChange() throws {
        // setup: the counts, order, itinerary and tags read (and kept) after the first visit
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let saoPaulo = try photo("Paulista.jpg", seed: 2, at: Spot.paulista, takenAt: "2024-05-01T10:00:00")
        try store.visit(lisbon, into: id, for: ann.id, library: fixture.library)
        let contents = try #require(try store.vacation(id, of: ann.id)).contents
        #expect(
            try contents.summary(name: "Trip").photoCount == 1 && contents.itinerary().map(\.name) == ["Lisbon"] && contents.tags().isEmpty)

        // MUT + validate: each change seen by the next read, through the same contents
        try store.visit(saoPaulo, into: id, for: ann.id, library: fixture.library)
        #expect(try contents.summary(name: "Trip").photoCount == 2)
        #expect(try contents.summary(name: "Trip").firstDate == "2024-05-01T10:00:00")
        #expect(try contents.itinerary().map(\.name) == ["São Paulo", "Lisbon"])
        #expect(try contents.photos(atPositions: [0, 1]).mapValues(\.title) == [0: "Paulista", 1: "Alfama"])
        try fixture.library.photoTags.add("Night", to: saoPaulo.id, for: ann.id)
        #expect(try contents.tags().map(\.name) == ["Night"] && contents.tag(id: 1)?.photoCount == 1)
        #expect(try contents.listLengths().map(\.count) == [2, 1, 1, 1])
        try store.unvisit(sha256: saoPaulo.sha256, from: id, for: ann.id)
        #expect(
            try contents.summary(name: "Trip").photoCount == 1 && contents.itinerary().map(\.name) == ["Lisbon"] && contents.tags().isEmpty)
        #expect(try contents.photos(atPositions: [0, 1]).mapValues(\.title) == [0: "Alfama"])
    }

    @Test func unvisitingTheLastPhotoOfAPlaceOrTagRemovesItFromTheVacation() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let saoPaulo = try photo("Paulista.jpg", seed: 2, at: Spot.paulista, takenAt: "2024-05-01T10:00:00")
        try fixture.library.photoTags.add("Trams", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("Food", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("Food", to: saoPaulo.id, for: ann.id)
        for photo in [lisbon, saoPaulo] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }

        // MUT
        let removed = try store.unvisit(sha256: lisbon.sha256, from: id, for: ann.id)
        let notThere = try store.unvisit(sha256: lisbon.sha256, from: id, for: ann.id)

        // validate
        let contents = try #require(try store.vacation(id, of: ann.id)).contents
        #expect(removed && !notThere)
        #expect(try contents.itinerary().map(\.name) == ["São Paulo"])
        #expect(try contents.tags().map(\.name) == ["Food"])
        let rows: Int = try fixture.library.database.read { db in
            try db.fetchValue(
                """
                SELECT (SELECT count(*) FROM vacation_places WHERE vacation_id = \(id)) + (SELECT count(*) FROM vacation_tags \
                WHERE vacation_id = \(id))
                """) ?? -1
        }
        #expect(rows == 2, "São Paulo and Food: nothing left without a photo")
    }

    @Test func aVacationStillShowsItsPhotosWhenTheLibraryLosesThem() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        try store.visit(lisbon, into: id, for: ann.id, library: fixture.library)

        // MUT: the library's files go
        try FileManager.default.removeItem(at: fixture.data.url.appendingPathComponent("cache"))
        try FileManager.default.removeItem(at: fixture.data.url.appendingPathComponent("originals"))

        // validate
        let contents = try #require(try store.vacation(id, of: ann.id)).contents
        let kept = try #require(try contents.photos().first)
        #expect(kept.title == "Alfama")
        #expect((try contents.preview(photoID: kept.id))?.isEmpty == false)
    }

    /// A vacation's addresses (`/vacations/3/photos/7`) are its own: ids count within it.
    @Test func photoAndTagIdsAreNumberedWithinEachVacation() throws {
        // setup
        let lisbon = try store.create(named: "Lisbon", for: ann.id)
        let porto = try store.create(named: "Porto", for: ann.id)
        let photos = try (1...3).map { try photo("p\($0).jpg", seed: UInt64($0), at: nil, takenAt: "2024-05-0\($0)T10:00:00") }
        for photo in photos { try fixture.library.photoTags.add("Tag \(photo.id)", to: photo.id, for: ann.id) }

        // MUT
        for photo in photos { try store.visit(photo, into: lisbon, for: ann.id, library: fixture.library) }
        try store.visit(photos[2], into: porto, for: ann.id, library: fixture.library)
        try store.unvisit(sha256: photos[2].sha256, from: lisbon, for: ann.id)
        try store.visit(photos[2], into: lisbon, for: ann.id, library: fixture.library)

        // validate
        let inLisbon = try #require(try store.vacation(lisbon, of: ann.id)).contents
        let inPorto = try #require(try store.vacation(porto, of: ann.id)).contents
        #expect(try inLisbon.photos().map(\.id) == [1, 2, 3], "the largest plus one: the removed photo's id is given again")
        #expect(try inPorto.photos().map(\.id) == [1])
        #expect(try inPorto.tags().map(\.id) == [1])
        #expect(try Set(inLisbon.tags().map(\.id)) == [1, 2, 3])
        #expect(try inPorto.photo(id: 1)?.sha256 == photos[2].sha256)
        #expect(try inLisbon.photo(id: 1)?.sha256 == photos[0].sha256)
        #expect(try inPorto.photo(id: 2) == nil, "another vacation's photo is not this one's")
    }

    @Test func aVacationHoldsAtMost20000PhotosAndAnotherIsNotLimitedByIt() throws {
        // setup: a vacation filled to the limit, row by row as visits would leave it
        let full = try store.create(named: "Full", for: ann.id)
        let other = try store.create(named: "Other", for: ann.id)
        let preview: [UInt8] = [0xFF, 0xD8, 0xFF], thumbnail = Array("RIFF".utf8)
        try fixture.library.database.write { db in
            for i in 1...VacationFormat.maximumPhotos {
                let digits = String(i, radix: 16)
                let sha256 = String(repeating: "0", count: 64 - digits.count) + digits
                try db.execute(
                    """
                    INSERT INTO vacation_photos (vacation_id, id, sha256, title, sorted_at, width, height, added_at, preview, thumbnail)
                    VALUES (\(full), \(i), \(sha256), \("Photo \(i)"), '2024-01-01', 1, 1, 0, \(preview), \(thumbnail))
                    """)
            }
        }
        let photo = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")

        // MUT + validate
        #expect(throws: VacationError.tooManyPhotos(limit: 20_000)) {
            try store.visit(photo, into: full, for: ann.id, library: fixture.library)
        }
        #expect(try store.visit(photo, into: other, for: ann.id, library: fixture.library))
        #expect(try store.all(of: ann.id).map(\.photoCount) == [20_000, 1])
        #expect(try !store.vacation(full, of: ann.id)!.contents.contains(sha256: photo.sha256))
    }

    @Test func aPhotosNeighboursAListsLengthsAndABooksPagesAreReadWithoutReadingEveryPhoto() throws {
        // setup: 40 photo rows a day apart, photo N at place N mod 3 (none at 0), every fourth tagged
        let id = try store.create(named: "Rows", for: ann.id)
        let preview: [UInt8] = [0xFF, 0xD8, 0xFF], thumbnail = Array("RIFF".utf8)
        try fixture.library.database.write { db in
            for place in 1...2 {
                try db.execute(
                    """
                    INSERT INTO vacation_places (vacation_id, id, name, country, latitude, longitude) VALUES (\(id), \(place), \
                    'P', 'Italy', 43.0, 11.0)
                    """
                )
            }
            try db.execute("INSERT INTO vacation_tags (vacation_id, id, name, name_key) VALUES (\(id), 1, 'Tag', 'tag')")
            for number in 1...40 {
                let digits = String(number, radix: 16)
                let day = "2024-01-\(number < 10 ? "0" : "")\(min(number, 31))T\(number > 31 ? "2\(number - 31)" : "10"):00:00"
                try db.execute(
                    """
                    INSERT INTO vacation_photos (vacation_id, id, sha256, title, taken_at, sorted_at, place_id, width, height, \
                    added_at, preview, thumbnail)
                    VALUES (\(id), \(number), \(String(repeating: "0", count: 64 - digits.count) + digits), \("Photo \(number)"), \
                    \(day), \(day),
                        \(number % 3 == 0 ? nil : Int64(number % 3)), 4, 3, 0, \(preview), \(thumbnail))
                    """)
                if number % 4 == 0 {
                    try db.execute("INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) VALUES (\(id), \(number), 1)")
                }
            }
        }
        let contents = try #require(try store.vacation(id, of: ann.id)).contents

        // MUT + validate: the neighbours in date order, in each list
        let middle = try #require(try contents.photos(.all, around: 20, reach: 3))
        #expect(middle.photos.map(\.id) == [17, 18, 19, 20, 21, 22, 23] && !middle.isWhole)
        let first = try #require(try contents.photos(.place(1), around: 1, reach: 3))
        #expect(first.photos.map(\.id) == [1, 4, 7, 10])
        let tagged = try #require(try contents.photos(.tag(1), around: 20, reach: 2))
        #expect(tagged.photos.map(\.id) == [12, 16, 20, 24, 28])
        #expect(try contents.photos(.tag(1), around: 20, reach: 10)?.isWhole == true)
        #expect(try contents.photos(.tag(1), around: 21, reach: 2) == nil, "a photo not in the list")
        #expect(try contents.photos(.all, around: 41, reach: 2) == nil)
        let lengths = try contents.listLengths().map { "\($0.filter): \($0.count)" }
        #expect(lengths == ["all: 40", "place(1): 14", "place(2): 13", "tag(1): 10"])
        #expect(try contents.photoIDs(.tag(1), offset: 2, limit: 3) == [12, 16, 20])
        #expect(try contents.photos(atPositions: [0, 39, 40]).mapValues(\.id) == [0: 1, 39: 40])
        #expect(try contents.placeAndTagCounts() == (2, 1))
        let summary = try contents.summary(name: "Rows")
        #expect((summary.photoCount, summary.firstDate, summary.lastDate) == (40, "2024-01-01T10:00:00", "2024-01-31T29:00:00"))
    }
}
