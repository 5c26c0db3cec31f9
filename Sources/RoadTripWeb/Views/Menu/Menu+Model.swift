import RoadTrip

/// The RoadTrip menu in the master column: the account's trip on top, then the catalogue to
/// choose from.
struct Menu {
    /// The chosen destination and what its menu lists; nil until one is chosen.
    struct Trip {
        let destination: Destination
        let pointsOfInterest: [PointOfInterest]
    }

    let trip: Trip?
    let destinations: [Destination]
    /// The destination whose detail is showing, marked in the list.
    let selected: Int64?
}

extension Menu {
    /// The menu from what `queries(for:)` read.
    init(_ read: (destinations: [Destination], chosen: Int64?, tripPointsOfInterest: [PointOfInterest]), selected: Int64? = nil) {
        let trip = read.destinations.first { $0.id == read.chosen }.map { destination in
            Menu.Trip(destination: destination, pointsOfInterest: read.tripPointsOfInterest)
        }
        self.init(trip: trip, destinations: read.destinations, selected: selected)
    }
}
