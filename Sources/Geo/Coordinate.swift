import Foundation

/// A point on the Earth in degrees (WGS 84 latitude and longitude), always valid.
public struct Coordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// Nil outside -90...90 / -180...180 or for NaN and infinities, so a bad EXIF value
    /// or form field cannot become a position.
    public init?(latitude: Double, longitude: Double) {
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in metres (haversine on a sphere of the mean Earth radius).
    /// The sphere is within 0.5% of the ellipsoid, plenty for "which town is this photo in".
    public func distance(to other: Coordinate) -> Double {
        SphericalPoint(self).distance(to: SphericalPoint(other))
    }
}

/// The mean Earth radius (IUGG), in metres.
let meanEarthRadius = 6_371_008.8

/// A coordinate in radians with its latitude's cosine, which the spatial index keeps
/// precomputed. `Coordinate.distance(to:)` goes through the same code, so the index and
/// a linear scan agree to the last bit.
struct SphericalPoint: Sendable {
    let latitude: Double
    let longitude: Double
    let cosLatitude: Double

    init(_ coordinate: Coordinate) {
        latitude = coordinate.latitude * .pi / 180
        longitude = coordinate.longitude * .pi / 180
        cosLatitude = cos(latitude)
    }

    @inline(__always)
    func distance(to other: SphericalPoint) -> Double {
        let sinHalfLatitude = sin((other.latitude - latitude) / 2)
        let sinHalfLongitude = sin((other.longitude - longitude) / 2)
        let h = sinHalfLatitude * sinHalfLatitude
            + cosLatitude * other.cosLatitude * sinHalfLongitude * sinHalfLongitude
        // Rounding can push h a hair above 1 for antipodes; asin would return NaN.
        return 2 * meanEarthRadius * asin(min(1, h.squareRoot()))
    }
}
