import Testing
import Geo

@Suite struct CoordinateTests {
    @Test func coordinatesWithinRangeAreAcceptedIncludingTheEdges() {
        // setup
        let edges = [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0), (48.8566, 2.3522)]

        // MUT
        let coordinates = edges.map { Coordinate(latitude: $0.0, longitude: $0.1) }

        // validate
        for (coordinate, edge) in zip(coordinates, edges) {
            #expect(coordinate?.latitude == edge.0)
            #expect(coordinate?.longitude == edge.1)
        }
    }

    @Test func coordinatesOutOfRangeOrNotFiniteAreRefused() {
        // setup
        let invalid: [(Double, Double)] = [
            (90.0001, 0), (-90.0001, 0), (0, 180.0001), (0, -180.0001),
            (.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity),
        ]

        // MUT
        let coordinates = invalid.map { Coordinate(latitude: $0.0, longitude: $0.1) }

        // validate
        #expect(coordinates.allSatisfy { $0 == nil })
    }

    @Test func parisToLondonIsAbout343AndAHalfKilometres() throws {
        // setup
        let paris = try #require(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let london = try #require(Coordinate(latitude: 51.5074, longitude: -0.1278))

        // MUT
        let distance = paris.distance(to: london)

        // validate
        #expect(abs(distance - 343_500) < 1_000)
        #expect(distance == london.distance(to: paris))
    }

    @Test func antipodesAreHalfTheCircumferenceApart() throws {
        // setup
        let pairs = [
            (try #require(Coordinate(latitude: 90, longitude: 0)), try #require(Coordinate(latitude: -90, longitude: 0))),
            (try #require(Coordinate(latitude: 0, longitude: 0)), try #require(Coordinate(latitude: 0, longitude: 180))),
            (
                try #require(Coordinate(latitude: 40.7580, longitude: -73.9855)),
                try #require(Coordinate(latitude: -40.7580, longitude: 106.0145))
            ),
        ]

        // MUT
        let distances = pairs.map { $0.0.distance(to: $0.1) }

        // validate
        for distance in distances {
            #expect(abs(distance - .pi * 6_371_008.8) < 1)
        }
    }

    @Test func aPointIsNoDistanceFromItselfAndAQuarterTurnIsAQuarterCircumference() throws {
        // setup
        let origin = try #require(Coordinate(latitude: 0, longitude: 0))
        let quarter = try #require(Coordinate(latitude: 0, longitude: 90))

        // MUT
        let none = origin.distance(to: origin)
        let quarterTurn = origin.distance(to: quarter)

        // validate
        #expect(none == 0)
        #expect(abs(quarterTurn - .pi / 2 * 6_371_008.8) < 0.001)
    }

    @Test func theAntimeridianIsNoBarrier() throws {
        // setup
        let east = try #require(Coordinate(latitude: 0, longitude: 179.9))
        let west = try #require(Coordinate(latitude: 0, longitude: -179.9))

        // MUT
        let distance = east.distance(to: west)

        // validate: 0.2° of the equator, not 359.8°
        #expect(abs(distance - 22_239.0) < 1)
    }
}
