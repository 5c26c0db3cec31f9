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

    /// What the menu shows: every destination, the account's choice and its points of interest.
    static func queries(for account: Account) -> (LibraryQuery<[Destination]>, LibraryQuery<Int64?>, LibraryQuery<[PointOfInterest]>) {
        (DestinationCatalog.allQuery, TripStore.chosenDestinationQuery(of: account.id), TripStore.tripPointsOfInterestQuery(of: account.id))
    }
}

extension App {
    /// The menu for the signed-in account (any page's master column), read at once.
    func menu(for account: Account) throws -> Menu {
        let (destinations, chosen, pointsOfInterest) = Menu.queries(for: account)
        return Menu(try library.fetch(destinations, chosen, pointsOfInterest))
    }

    func menuView(for context: RequestContext) throws -> MenuView {
        MenuView(menu: try menu(for: try context.account))
    }
}
