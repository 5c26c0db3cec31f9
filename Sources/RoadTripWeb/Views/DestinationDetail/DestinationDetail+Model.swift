import RoadTrip

/// What the detail of one destination shows.
struct DestinationDetail {
    let destination: Destination
    let pointsOfInterest: [PointOfInterest]
}

/// How destinations and coordinates read on screen.
enum DestinationFormat {
    static func subtitle(_ destination: Destination) -> String {
        destination.locationSubtitle.isEmpty ? destination.locationTitle : destination.locationSubtitle
    }

    /// `40.7128° N, 74.0060° W`
    static func coordinate(_ coordinate: Coordinate) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            // A `Coordinate` is at most 180° from zero; the check keeps a conversion that cannot trap.
            guard let scaled = Int(exactly: (abs(value) * 10_000).rounded()) else { return "\(value)°" }
            let fraction = String(scaled % 10_000)
            return "\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)° \(value < 0 ? negative : positive)"
        }
        return "\(part(coordinate.latitude, "N", "S")), \(part(coordinate.longitude, "E", "W"))"
    }

    static func eventCount(_ count: Int) -> String {
        switch count {
        case 0: "No events"
        case 1: "1 event"
        default: "\(count) events"
        }
    }
}
