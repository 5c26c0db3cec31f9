import RoadTrip

/// Reading the RoadTrip menu, which every page of the guide shows in its master column.
extension Menu {
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
