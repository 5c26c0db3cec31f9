import Testing
import Geo

/// The shipped data, checked against places anyone can verify on a map. The expected names
/// are the data's own: GeoNames lists neighbourhoods (Times Square, Parkside, Paris's
/// arrondissements) as places, and the nearest of those is the honest answer.
@Suite struct BundledGazetteerTests {
    private func gazetteer() throws -> Gazetteer {
        try Bundled.gazetteer.get()
    }

    private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)!
    }

    @Test func theBundledFileHoldsEveryPlaceOfTheCities1000Extract() throws {
        // MUT
        let gazetteer = try gazetteer()

        // validate
        #expect(gazetteer.count == 170_391)
    }

    @Test func placesAreFoundByTheirGeoNamesID() throws {
        // setup
        let gazetteer = try gazetteer()

        // MUT
        let newYork = gazetteer.place(id: 5_128_581)
        let zurich = gazetteer.place(id: 2_657_896)
        let unknown = gazetteer.place(id: 1)

        // validate
        #expect(newYork?.name == "New York City")
        #expect(newYork?.region == "New York")
        #expect(newYork?.country == "United States")
        #expect(newYork?.countryCode == "US")
        #expect((newYork?.population ?? 0) > 8_000_000)
        #expect(zurich?.name == "Zürich")
        #expect(zurich?.region == nil)
        #expect(zurich?.country == "Switzerland")
        #expect(unknown == nil)
    }

    @Test func timesSquareIsInNewYork() throws {
        // setup
        let gazetteer = try gazetteer()

        // MUT
        let found = gazetteer.nearest(to: coordinate(40.7580, -73.9855))

        // validate
        #expect(found?.name == "Times Square")
        #expect(found?.region == "New York")
        #expect(found?.country == "United States")
        #expect(found?.countryCode == "US")
    }

    @Test func goldenGateParkIsInSanFranciscosParkside() throws {
        // setup
        let gazetteer = try gazetteer()

        // MUT
        let found = gazetteer.nearest(to: coordinate(37.7694, -122.4862))

        // validate
        #expect(found?.name == "Parkside")
        #expect(found?.region == "California")
        #expect(found?.country == "United States")
    }

    @Test func theEiffelTowerIsInParisWithNoRegionName() throws {
        // setup
        let gazetteer = try gazetteer()

        // MUT
        let found = gazetteer.nearest(to: coordinate(48.8584, 2.2945))

        // validate
        #expect(found?.name == "Paris 16 Passy")
        #expect(found?.region == nil)
        #expect(found?.country == "France")
        #expect(found?.countryCode == "FR")
    }

    @Test func theMiddleOfTheAtlanticIsNowhere() throws {
        // setup
        let gazetteer = try gazetteer()
        let midAtlantic = coordinate(30, -40)

        // MUT
        let withinDefault = gazetteer.nearest(to: midAtlantic)
        let withinTwoThousandKilometres = gazetteer.nearest(to: midAtlantic, within: 2_000_000)

        // validate: the Azores' westernmost island is some 1,300 km away
        #expect(withinDefault == nil)
        #expect(withinTwoThousandKilometres?.name == "Lajes das Flores")
        #expect(withinTwoThousandKilometres?.country == "Portugal")
    }

    @Test func aPlaceAcrossTheAntimeridianIsFound() throws {
        // setup: Chukotka, at 179.8° E; Egvekinot lies at 179.1° W, about 50 km away
        let gazetteer = try gazetteer()

        // MUT
        let found = gazetteer.nearest(to: coordinate(66.3, 179.8), within: 100_000)

        // validate
        #expect(found?.name == "Egvekinot")
        #expect(found?.country == "Russia")
    }
}
