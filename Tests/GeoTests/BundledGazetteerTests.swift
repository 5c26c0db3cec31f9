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

    /// A time given in UTC (a Google Takeout sidecar's) is put on the clock of where it was taken.
    @Test(arguments: [
        (37.7749, -122.4194, "America/Los_Angeles"),  // San Francisco
        (39.7392, -104.9903, "America/Denver"),
        (21.3069, -157.8583, "Pacific/Honolulu"),
        (38.8794, -6.9707, "Europe/Madrid"),  // Badajoz, 15 km from Portugal
        (38.8810, -7.1630, "Europe/Lisbon"),  // Elvas, across the border from it: an hour behind
        (-33.8688, 151.2093, "Australia/Sydney"),
        (43.7696, 11.2558, "Europe/Rome"),
    ])
    func aPositionsTimeZoneIsItsNearestPlacesInItsCountry(latitude: Double, longitude: Double, zone: String) throws {
        // MUT
        let found = try gazetteer().timeZone(at: coordinate(latitude, longitude))

        // validate
        #expect(found == zone)
    }

    @Test func theMiddleOfTheOceanHasNoTimeZone() throws {
        // MUT
        let found = try gazetteer().timeZone(at: coordinate(0, -30))

        // validate
        #expect(found == nil)
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
