import TestSupport
import Testing
@testable import Geo

/// The spatial index must give exactly the answer of a scan over every place, including
/// where cells are awkward: next to the antimeridian, near the poles, and at large limits.
@Suite struct NearestCrossCheckTests {
    private static let limits: [Double] = [1_000, 20_000, 50_000, 300_000, 3_000_000, .infinity]

    @Test func theIndexAgreesWithALinearScanAt2000RandomCoordinates() {
        // setup
        var random = SplitMix64(seed: 20_260_101)
        var places: [GazetteerPlace] = []
        for id in 1...4_000 {
            let coordinate =
                switch id % 4 {
                case 0: random.coordinate(latitudes: -60...60, longitudes: 178...180)
                case 1: random.coordinate(latitudes: -60...60, longitudes: -180 ... -178)
                case 2: random.coordinate(latitudes: 84...90, longitudes: -180...180)
                default: random.coordinateOnSphere()
                }
            places.append(place(Int64(id), "P\(id)", coordinate.latitude, coordinate.longitude))
        }
        // Exact duplicates: equal distances must resolve the same way as the scan (first given).
        for index in stride(from: 0, to: 400, by: 4) {
            let twin = places[index]
            places.append(place(Int64(10_000 + index), "Twin", twin.coordinate.latitude, twin.coordinate.longitude))
        }
        let gazetteer = Gazetteer(places: places)
        let queries = (0..<2_000).map { index in
            switch index % 4 {
            case 0: random.coordinate(latitudes: -60...60, longitudes: 179.5...180)
            case 1: random.coordinate(latitudes: -90 ... -80, longitudes: -180...180)
            case 2: random.coordinate(latitudes: 80...90, longitudes: -180...180)
            default: random.coordinateOnSphere()
            }
        }

        // MUT
        let indexed = queries.enumerated().map { index, query in
            gazetteer.nearest(to: query, within: Self.limits[index % Self.limits.count])?.id
        }

        // validate
        let scanned = queries.enumerated().map { index, query in
            linearNearest(places, to: query, within: Self.limits[index % Self.limits.count])?.id
        }
        #expect(indexed == scanned)
        #expect(scanned.compactMap { $0 }.count > 500)
    }

    @Test func theIndexAgreesWithALinearScanOnTheBundledPlaces() throws {
        // setup: queries scattered a few km around real places, where the data is dense
        let gazetteer = try Bundled.gazetteer.get()
        let all = gazetteer.places
        var random = SplitMix64(seed: 7)
        let queries = (0..<200).map { _ in
            let around = all.randomElement(using: &random)!.coordinate
            return random.coordinate(
                latitudes: max(-90, around.latitude - 0.2)...min(90, around.latitude + 0.2),
                longitudes: max(-180, around.longitude - 0.2)...min(180, around.longitude + 0.2)
            )
        }

        // MUT
        let indexed = queries.map { gazetteer.nearest(to: $0)?.id }

        // validate
        let scanned = queries.map { linearNearest(all, to: $0, within: 50_000)?.id }
        #expect(indexed == scanned)
    }
}
