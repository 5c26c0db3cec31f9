import Foundation
import Imaging
import SQLDatabase
import Testing
@testable import RoadTrip

@Suite struct PlacesTests {
    private func library(_ engine: DatabaseEngine) throws -> PhotosFixture {
        try PhotosFixture.withPlaces(engine)
    }

    @Test(arguments: DatabaseEngine.allCases) func placesAreSectionedByCountryThenCityAlphabetically(engine: DatabaseEngine) throws {
        // setup
        let fixture = try library(engine)

        // MUT
        let places = try fixture.photos.places(order: .byCountry)

        // validate
        #expect(places.map(\.name) == ["São Paulo", "New York City", "San Francisco"])
        #expect(places.map(\.country) == ["Brazil", "United States", "United States"])
        #expect(places.map(\.photoCount) == [3, 2, 1])
        #expect(places[1].regionAndCountry == "New York, United States")
        #expect(places[0].regionAndCountry == "Brazil")
    }

    @Test(arguments: DatabaseEngine.allCases) func topPlacesHaveTheMostPhotosFirst(engine: DatabaseEngine) throws {
        // setup
        let fixture = try library(engine)

        // MUT
        let places = try fixture.photos.places(order: .byPhotoCount)

        // validate
        #expect(places.map(\.name) == ["São Paulo", "New York City", "San Francisco"])
        #expect(try fixture.photos.photosWithoutPlace() == 1)
    }

    @Test(arguments: DatabaseEngine.allCases) func aGridIsNewestFirstAndComesInPagesThatContinueWhereTheLastEnded(engine: DatabaseEngine)
        throws
    {
        // setup
        let fixture = try library(engine)
        let saoPaulo = PhotosFixture.saoPaulo.id

        // MUT
        let first = try fixture.photos.photos(in: .place(saoPaulo), limit: 2)
        let second = try fixture.photos.photos(in: .place(saoPaulo), after: first.nextCursor, limit: 2)

        // validate
        #expect(first.photos.map(\.title) == ["p5", "p4"])
        #expect(first.nextCursor == first.photos.last?.id)
        #expect(second.photos.map(\.title) == ["p3"])
        #expect(second.nextCursor == nil)
        #expect(try fixture.photos.photos(in: .noLocation).photos.map(\.title) == ["nowhere"])
    }

    @Test(arguments: DatabaseEngine.allCases) func neighboursArePreviousAndNextInTheGridsOrder(engine: DatabaseEngine) throws {
        // setup
        let fixture = try library(engine)
        let grid = try fixture.photos.photos(in: .place(PhotosFixture.saoPaulo.id)).photos

        // MUT
        let middle = try fixture.photos.neighbours(of: grid[1])
        let newest = try fixture.photos.neighbours(of: grid[0])
        let oldest = try fixture.photos.neighbours(of: grid[2])

        // validate
        #expect(middle.newer == grid[0].id && middle.older == grid[2].id)
        #expect(newest.newer == nil && newest.older == grid[1].id)
        #expect(oldest.newer == grid[1].id && oldest.older == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) func findIgnoresAccentsAndCaseAndPutsNamesThatStartWithTheQueryFirst(engine: DatabaseEngine)
        throws
    {
        // setup
        let fixture = try library(engine)

        // MUT
        let sao = try fixture.photos.findPlaces("SAO paulo")
        let san = try fixture.photos.findPlaces("san")
        let york = try fixture.photos.findPlaces("york")

        // validate
        #expect(sao.map(\.name) == ["São Paulo"])
        #expect(sao.first?.photoCount == 3)
        #expect(san.map(\.name) == ["San Francisco"])
        #expect(york.map(\.name) == ["New York City"])
        #expect(try fixture.photos.findPlaces("   ").isEmpty)
        #expect(try fixture.photos.findPlaces("%").isEmpty)
        #expect(try fixture.photos.findPlaces("lisbon").isEmpty, "a place of the gazetteer without photos is not listed")
    }

    @Test(arguments: DatabaseEngine.allCases) func settingAPlaceMovesThePhotoAndItsCount(engine: DatabaseEngine) throws {
        // setup
        let fixture = try library(engine)
        let nowhere = try fixture.photos.photos(in: .noLocation).photos[0]

        // MUT
        let moved = try fixture.library.placer.place([nowhere.id], atPlace: PhotosFixture.lisbon.id, by: nil) != nil
        let unknown = try fixture.library.placer.place([nowhere.id], atPlace: 1, by: nil) != nil

        // validate
        #expect(moved)
        #expect(!unknown)
        #expect(try fixture.photos.photosWithoutPlace() == 0)
        #expect(try fixture.photos.place(id: PhotosFixture.lisbon.id)?.photoCount == 1)
        #expect(try fixture.photos.findPlaces("lisbon").map(\.name) == ["Lisbon"])
        #expect(try fixture.library.placer.place([nowhere.id], atPlace: PhotosFixture.newYork.id, by: nil) != nil)
        #expect(try fixture.photos.place(id: PhotosFixture.lisbon.id)?.photoCount == 0)
        #expect(try fixture.photos.place(id: PhotosFixture.newYork.id)?.photoCount == 3)
        #expect(!(try fixture.photos.places(order: .byCountry).map(\.name).contains("Lisbon")))
    }
}
