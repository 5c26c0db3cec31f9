import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// The Places screen of a large library: countries counted by trigger, places a page at a time.
@Suite struct PlaceCountriesTests {
    private func library(_ engine: DatabaseEngine) throws -> PhotosFixture {
        try PhotosFixture.withPlaces(engine)
    }

    private func country(_ code: String, _ name: String, places: Int, photos: Int) -> PlaceCountry {
        PlaceCountry(code: code, name: name, placeCount: places, photoCount: photos)
    }

    @Test(arguments: DatabaseEngine.allCases) func countriesCountTheirPlacesAndPhotosAsPhotosArriveMoveAndGo(engine: DatabaseEngine) throws
    {
        // setup
        let fixture = try library(engine)
        #expect(
            try fixture.photos.countries() == [
                country("BR", "Brazil", places: 1, photos: 3), country("US", "United States", places: 2, photos: 3),
            ])
        let saoPaulo = try fixture.photos.photos(in: .place(PhotosFixture.saoPaulo.id)).photos

        // MUT: one São Paulo photo moves to New York, another is deleted
        #expect(try (fixture.library.placer.place([saoPaulo[0].id], atPlace: PhotosFixture.newYork.id, by: nil) != nil))
        try fixture.photos.database.write { try $0.execute("DELETE FROM photos WHERE id = \(saoPaulo[1].id)") }

        // validate
        #expect(
            try fixture.photos.countries() == [
                country("BR", "Brazil", places: 1, photos: 1), country("US", "United States", places: 2, photos: 4),
            ])
        #expect(try fixture.photos.country(code: "US") == country("US", "United States", places: 2, photos: 4))

        // MUT: the last Brazilian photo moves to Lisbon: Brazil has no places left and is not listed
        #expect(try (fixture.library.placer.place([saoPaulo[2].id], atPlace: PhotosFixture.lisbon.id, by: nil) != nil))

        // validate
        #expect(
            try fixture.photos.countries() == [
                country("PT", "Portugal", places: 1, photos: 1), country("US", "United States", places: 2, photos: 4),
            ])
        #expect(try fixture.photos.country(code: "BR") == country("BR", "Brazil", places: 0, photos: 0))
        #expect(try fixture.photos.country(code: "XX") == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) func photosWithoutAPlaceAreCountedAsTheyArriveMoveAndGo(engine: DatabaseEngine) throws {
        // setup: one photo with no position
        let fixture = try library(engine)
        #expect(try fixture.photos.photosWithoutPlace() == 1)
        let nowhere = try #require(try fixture.photos.photos(in: .noLocation).photos.first)
        let second = try #require(fixture.importPhoto(try fixture.draw("nowhere-2.jpg", width: 64, height: 48, seed: 98, at: nil)).photo)
        #expect(try fixture.photos.photosWithoutPlace() == 2)

        // MUT: one gets a place, the other is deleted, then a placed photo loses its place
        #expect(try fixture.library.placer.place([nowhere.id], atPlace: PhotosFixture.lisbon.id, by: nil) != nil)
        #expect(try fixture.photos.photosWithoutPlace() == 1)
        try fixture.photos.database.write { try $0.execute("DELETE FROM photos WHERE id = \(second.id)") }
        #expect(try fixture.photos.photosWithoutPlace() == 0)
        try fixture.photos.database.write { try $0.execute("UPDATE photos SET place_id = NULL WHERE id = \(nowhere.id)") }

        // validate
        #expect(try fixture.photos.photosWithoutPlace() == 1)
        #expect(try fixture.photos.photos(in: .noLocation).photos.map(\.id) == [nowhere.id])
    }

    @Test(arguments: DatabaseEngine.allCases) func aSmallLibraryListsEveryPlace(engine: DatabaseEngine) throws {
        let fixture = try library(engine)
        #expect(try fixture.photos.placesIfFew(order: .byCountry)?.map(\.name) == ["São Paulo", "New York City", "San Francisco"])
        #expect(try fixture.photos.placesIfFew(order: .byPhotoCount)?.map(\.name) == ["São Paulo", "New York City", "San Francisco"])
    }

    /// `count` places in one country ("Place 001" …), place i with i photos, written as rows.
    static func manyPlaces(_ count: Int, in fixture: PhotosFixture) throws {
        try fixture.photos.database.write { db in
            for index in 1...count {
                let id = Int64(900_000_000 + index)
                let name = String(format: "Place %03d", index)
                try db.execute(
                    """
                    INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
                    VALUES (\(id), \(name), NULL, 'Testland', 'TL', 10.0, 20.0, \(name.lowercased()))
                    """)
                for photo in 0..<index % 7 + 1 {
                    try db.execute(
                        """
                        INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, place_id, imported_at)
                        VALUES (\(String(format: "%064x", index * 100 + photo)), 'jpeg', 1, 4, 3, 'photo', '2024-01-01T00:00:00', \(id), 0)
                        """)
                }
            }
        }
    }

    @Test(arguments: DatabaseEngine.allCases) func pastOneScreenACountrysPlacesComeAPageAtATimeAToZ(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        try Self.manyPlaces(PhotoStore.placesOnOneScreen + 50, in: fixture)

        // MUT
        var pages: [PlacePage] = [try fixture.photos.places(inCountry: "TL")]
        while let next = pages.last?.nextCursor { pages.append(try fixture.photos.places(inCountry: "TL", after: next)) }

        // validate
        #expect(try fixture.photos.placesIfFew(order: .byCountry) == nil)
        #expect(pages.map(\.places.count) == [100, 100, 50])
        let names = pages.flatMap(\.places).map(\.name)
        #expect(names == (1...250).map { String(format: "Place %03d", $0) })
        #expect(try fixture.photos.countries() == [country("TL", "Testland", places: 250, photos: (1...250).reduce(0) { $0 + $1 % 7 + 1 })])
        #expect(try fixture.photos.places(inCountry: "XX").places.isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func theTopPlacesComeAPageAtATimeMostPhotosFirst(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        try Self.manyPlaces(250, in: fixture)

        // MUT
        var pages: [PlacePage] = [try fixture.photos.topPlaces()]
        while let next = pages.last?.nextCursor { pages.append(try fixture.photos.topPlaces(after: next)) }

        // validate: every place once, by photos (7 down to 1), then by name
        let places = pages.flatMap(\.places)
        #expect(pages.map(\.places.count) == [100, 100, 50])
        #expect(Set(places.map(\.id)).count == 250)
        let expected = (1...250).sorted { ($0 % 7, -$0) > ($1 % 7, -$1) }.map { String(format: "Place %03d", $0) }
        #expect(places.map(\.name) == expected)
    }
}
