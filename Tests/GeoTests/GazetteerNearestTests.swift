import Testing
import Geo

@Suite struct GazetteerNearestTests {
    private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)!
    }

    @Test func theClosestPlaceWins() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "Alpha", 0, 0), place(2, "Beta", 0, 0.5), place(3, "Gamma", 0.4, 0.25)])

        // MUT
        let nearAlpha = gazetteer.nearest(to: coordinate(0, 0.2))
        let nearBeta = gazetteer.nearest(to: coordinate(0, 0.3))
        let nearGamma = gazetteer.nearest(to: coordinate(0.3, 0.25))

        // validate
        #expect(nearAlpha?.name == "Alpha")
        #expect(nearBeta?.name == "Beta")
        #expect(nearGamma?.name == "Gamma")
    }

    @Test func aPlaceBeyondTheLimitIsNotFound() {
        // setup: one degree of the equator is about 111 km
        let gazetteer = Gazetteer(places: [place(1, "Alone", 0, 0)])

        // MUT
        let withDefaultLimit = gazetteer.nearest(to: coordinate(0, 1))
        let withWiderLimit = gazetteer.nearest(to: coordinate(0, 1), within: 112_000)
        let withNarrowerLimit = gazetteer.nearest(to: coordinate(0, 1), within: 111_000)

        // validate
        #expect(withDefaultLimit == nil)
        #expect(withWiderLimit?.name == "Alone")
        #expect(withNarrowerLimit == nil)
    }

    @Test func aNegativeLimitOrAnEmptyGazetteerFindsNothing() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "Here", 10, 10)])
        let empty = Gazetteer(places: [])

        // MUT
        let negative = gazetteer.nearest(to: coordinate(10, 10), within: -1)
        let none = empty.nearest(to: coordinate(10, 10), within: .infinity)
        let exact = gazetteer.nearest(to: coordinate(10, 10), within: 0)

        // validate
        #expect(negative == nil)
        #expect(none == nil)
        #expect(exact?.name == "Here")
    }

    @Test func theNearestPlaceIsFoundAcrossTheAntimeridian() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "East", 0, 179.9), place(2, "West", 0, -179.9), place(3, "Far", 0, 170)])

        // MUT
        let fromWestSide = gazetteer.nearest(to: coordinate(0, -179.99))
        let fromEastSide = gazetteer.nearest(to: coordinate(0, 179.99))
        let fromFarWest = gazetteer.nearest(to: coordinate(0, -179.8))

        // validate
        #expect(fromWestSide?.name == "West")
        #expect(fromEastSide?.name == "East")
        #expect(fromFarWest?.name == "West")
    }

    @Test func theOnlyPlaceOnTheOtherSideOfTheAntimeridianIsFound() {
        // setup: 0.1° of longitude at 10° N is about 11 km
        let gazetteer = Gazetteer(places: [place(1, "Over There", 10, -179.95)])

        // MUT
        let found = gazetteer.nearest(to: coordinate(10, 179.95))

        // validate
        #expect(found?.name == "Over There")
    }

    @Test func nearThePoleTheNearestPlaceMayBeOnTheFarSideOfIt() {
        // setup: around the pole, meridians 100° apart are a few kilometres apart
        let gazetteer = Gazetteer(places: [
            place(1, "Meridian 0", 89.9, 0), place(2, "Meridian 180", 89.9, 180), place(3, "Lower", 89.5, -100),
        ])

        // MUT
        let fromMeridianMinus100 = gazetteer.nearest(to: coordinate(89.99, -100))
        let fromTheSouthPole = gazetteer.nearest(to: coordinate(-90, 0))

        // validate
        #expect(fromMeridianMinus100?.name == "Meridian 180")
        #expect(fromTheSouthPole == nil)
    }

    @Test func fromThePoleItselfEveryLongitudeIsSearched() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "Same Meridian", 89.9, 45), place(2, "Closer", 89.95, -123)])

        // MUT
        let found = gazetteer.nearest(to: coordinate(90, 45))

        // validate
        #expect(found?.name == "Closer")
    }

    @Test func aNearbyPlaceIsFoundEvenWhenItsCellIsFarInLongitude() {
        // setup: 180° of longitude away, but only 0.4° (about 44 km) across the pole
        let gazetteer = Gazetteer(places: [place(1, "Polar Station", 89.8, 170), place(2, "Decoy", 88, -10)])

        // MUT
        let found = gazetteer.nearest(to: coordinate(89.8, -10))

        // validate
        #expect(found?.name == "Polar Station")
    }

    @Test func placesAtTheSameSpotResolveToTheFirstGiven() {
        // setup
        let gazetteer = Gazetteer(places: [place(7, "First", 5, 5), place(3, "Second", 5, 5)])

        // MUT
        let found = gazetteer.nearest(to: coordinate(5.1, 5.1))

        // validate
        #expect(found?.id == 7)
    }

    @Test func aHugeLimitFindsAPlaceHalfTheWorldAway() {
        // setup
        let gazetteer = Gazetteer(places: [place(1, "Antipode", -10, -170)])

        // MUT
        let found = gazetteer.nearest(to: coordinate(10, 10), within: .infinity)

        // validate
        #expect(found?.name == "Antipode")
    }
}
