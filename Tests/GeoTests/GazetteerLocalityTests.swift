import Testing
@testable import Geo

@Suite struct GazetteerLocalityTests {
    private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)!
    }

    @Test func aCityWinsOverItsSmallNeighbourhoodNearby() {
        // setup: the neighbourhood 1 km away, the city's centre 5 km away (0.009° ≈ 1 km)
        let gazetteer = Gazetteer(places: [
            place(1, "Old Quarter", 0, 0.009, population: 20_000),
            place(2, "Big City", 0, 0.045, population: 2_000_000),
        ])

        // MUT
        let locality = gazetteer.locality(for: coordinate(0, 0))

        // validate
        #expect(locality?.name == "Big City")
        #expect(gazetteer.nearest(to: coordinate(0, 0))?.name == "Old Quarter")
    }

    @Test func aTownFarFromTheCityKeepsItsPhotos() {
        // setup: a town 1 km away, a city 30 km away
        let gazetteer = Gazetteer(places: [
            place(1, "Small Town", 0, 0.009, population: 5_000),
            place(2, "Big City", 0, 0.27, population: 2_000_000),
        ])

        // MUT
        let locality = gazetteer.locality(for: coordinate(0, 0))

        // validate
        #expect(locality?.name == "Small Town")
    }

    @Test func nothingWithinTheLimitIsNoLocality() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "Far", 0, 1, population: 9_000_000)])

        // MUT + validate
        #expect(gazetteer.locality(for: coordinate(0, 0)) == nil)
        #expect(gazetteer.locality(for: coordinate(0, 0), within: 120_000)?.name == "Far")
        #expect(Gazetteer(places: []).locality(for: coordinate(0, 0)) == nil)
    }

    @Test(arguments: [
        (40.7752, -73.9716, "Manhattan"), (40.7580, -73.9855, "New York City"), (40.7116, -74.0027, "New York City"),
        (37.8199, -122.4783, "San Francisco"), (37.8970, -122.5811, "Mill Valley"), (48.8584, 2.2945, "Paris"),
        (-23.5614, -46.6559, "São Paulo"), (37.859, -122.485, "Sausalito"),
    ])
    func famousSpotsBelongToTheirCity(latitude: Double, longitude: Double, expected: String) throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()

        // MUT
        let locality = gazetteer.locality(for: coordinate(latitude, longitude))

        // validate
        #expect(locality?.name == expected)
    }

    @Test func everyPlaceWithinTheRadiusIsConsideredAcrossTheAntimeridian() {
        // setup: places on both sides of 180°, 11 km apart in all
        let gazetteer = Gazetteer(places: [
            place(1, "West", 0, 179.95, population: 1_000),
            place(2, "East", 0, -179.95, population: 1_000_000),
        ])

        // MUT: a photo nearer West, but East is much larger and in reach across the meridian
        let locality = gazetteer.locality(for: coordinate(0, 179.96))

        // validate
        #expect(locality?.name == "East")
    }
}
