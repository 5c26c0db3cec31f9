import Foundation

/// A point on the Earth in degrees (WGS 84 latitude and longitude), always valid.
public struct Coordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// Nil outside -90...90 / -180...180 or for NaN and infinities, so a bad EXIF value
    /// or form field cannot become a position.
    public init?(latitude: Double, longitude: Double) {
        guard CoordinateError.check(latitude: latitude, longitude: longitude) == nil else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The same check, saying which of the two numbers is no place on Earth: what a reader of a
    /// file or a form tells, naming its field.
    public init(checking latitude: Double, _ longitude: Double) throws(CoordinateError) {
        if let error = CoordinateError.check(latitude: latitude, longitude: longitude) { throw error }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A position stored as two numbers that may be missing or impossible (a row an older
    /// RoadTrip wrote): nil unless both are there and possible.
    public init?(latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Great-circle distance in metres (haversine on a sphere of the mean Earth radius).
    /// The sphere is within 0.5% of the ellipsoid, plenty for "which town is this photo in".
    public func distance(to other: Coordinate) -> Double {
        SphericalPoint(self).distance(to: SphericalPoint(other))
    }
}

/// A latitude or longitude that no place on Earth has: out of range, infinite or not a number.
public enum CoordinateError: Error, Equatable, CustomStringConvertible {
    case latitude(Double)
    case longitude(Double)

    public static let latitudes = -90.0...90.0
    public static let longitudes = -180.0...180.0

    /// The first of the two that is impossible, latitude first.
    static func check(latitude: Double, longitude: Double) -> CoordinateError? {
        if !latitudes.contains(latitude) { return .latitude(latitude) }
        if !longitudes.contains(longitude) { return .longitude(longitude) }
        return nil
    }

    /// "latitude", "longitude": the field at fault.
    public var field: String {
        switch self {
        case .latitude: "latitude"
        case .longitude: "longitude"
        }
    }

    public var value: Double {
        switch self {
        case .latitude(let value), .longitude(let value): value
        }
    }

    /// "latitude 1e+300 is not between -90 and 90".
    public var description: String {
        switch self {
        case .latitude(let value): "latitude \(value) is not between -90 and 90"
        case .longitude(let value): "longitude \(value) is not between -180 and 180"
        }
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
        let h =
            sinHalfLatitude * sinHalfLatitude
            + cosLatitude * other.cosLatitude * sinHalfLongitude * sinHalfLongitude
        // Rounding can push h a hair above 1 for antipodes; asin would return NaN.
        return 2 * meanEarthRadius * asin(min(1, h.squareRoot()))
    }
}
