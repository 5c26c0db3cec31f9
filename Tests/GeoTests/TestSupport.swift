import CZlib
import Foundation
import Geo
import TestSupport
import Testing

/// A hand-made place; ids default to a running number the caller passes.
func place(
    _ id: Int64, _ name: String, _ latitude: Double, _ longitude: Double,
    population: Int = 1_000, region: String? = nil, country: String = "Testland", countryCode: String = "TL"
) -> GazetteerPlace {
    GazetteerPlace(
        id: id, name: name, region: region, country: country, countryCode: countryCode,
        coordinate: Coordinate(latitude: latitude, longitude: longitude)!, population: population
    )
}

/// The shipped gazetteer, read once for all tests (about a second in a debug build).
enum Bundled {
    static let gazetteer: Result<Gazetteer, GazetteerError> = Result { () throws(GazetteerError) in
        try Gazetteer.bundled()
    }
}

extension SplitMix64 {
    /// Uniform over the sphere's surface (not over latitude, which would crowd the poles).
    mutating func coordinateOnSphere() -> Coordinate {
        let latitude = asin(Double.random(in: -1...1, using: &self)) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: Double.random(in: -180...180, using: &self))!
    }

    mutating func coordinate(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) -> Coordinate {
        Coordinate(
            latitude: Double.random(in: latitudes, using: &self),
            longitude: Double.random(in: longitudes, using: &self)
        )!
    }
}

/// The answer `nearest` must give, found the slow way: every place, first on equal distance.
func linearNearest(_ places: [GazetteerPlace], to coordinate: Coordinate, within limit: Double) -> GazetteerPlace? {
    var best: (distance: Double, place: GazetteerPlace)?
    for place in places {
        let distance = coordinate.distance(to: place.coordinate)
        if distance <= limit, distance < (best?.distance ?? .infinity) {
            best = (distance, place)
        }
    }
    return best?.place
}

/// A file name of its own in the temporary folder, for a file a test writes.
func temporaryURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("geo-test-\(UUID()).tsv.gz")
}

/// `text` written gzip'd to a temporary file, as the data files RoadTrip ships are.
func writeGzip(_ text: String) throws -> URL {
    let url = temporaryURL()
    let file = try #require(gzopen(url.path, "wb"))
    var bytes = Array(text.utf8)
    let written = gzwrite(file, &bytes, UInt32(bytes.count))
    #expect(gzclose(file) == Z_OK)
    #expect(Int(written) == bytes.count)
    return url
}
