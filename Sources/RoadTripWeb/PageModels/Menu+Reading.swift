import RoadTrip

/// Reading the RoadTrip menu, which every page of the guide shows in its master column.
extension Menu {
    /// What the menu shows: every destination, the account's choice and its points of interest.
    static func queries(for account: Account) -> (LibraryQuery<[Destination]>, LibraryQuery<Int64?>, LibraryQuery<[PointOfInterest]>) {
        (DestinationCatalog.allQuery, TripStore.chosenDestinationQuery(of: account.id), TripStore.tripPointsOfInterestQuery(of: account.id))
    }

    /// The menu for `account` (any page's master column), read at once.
    static func read(for account: Account, from library: Library) throws -> Menu {
        let (destinations, chosen, pointsOfInterest) = queries(for: account)
        return Menu(try library.fetch(destinations, chosen, pointsOfInterest))
    }
}

extension MenuView {
    /// The menu column of the request's signed-in account.
    static func read(for context: RequestContext, from library: Library) throws -> MenuView {
        MenuView(menu: try Menu.read(for: try context.account, from: library))
    }
}
