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

extension App {
    /// The menu for the signed-in account (any page's master column).
    func menu(for account: Account, selected: Int64? = nil) throws -> Menu {
        let destinations = try catalog.all()
        let chosen = try library.trips.chosenDestination(of: account.id)
        let trip = try destinations.first { $0.id == chosen }.map { destination in
            Menu.Trip(destination: destination, pointsOfInterest: try catalog.pointsOfInterest(destinationID: destination.id))
        }
        return Menu(trip: trip, destinations: destinations, selected: selected)
    }

    func menuView(for context: RequestContext) throws -> MenuView {
        MenuView(menu: try menu(for: try context.account))
    }
}
