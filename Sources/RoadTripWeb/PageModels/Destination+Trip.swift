import HTTPServer
import RoadTrip

extension Destination {
    /// The destination the signed-in account chose for its trip, which the Events book, its
    /// editor and what is kept offline are pages of; without one the menu asks to choose
    /// (`HTTPError.noTrip`).
    static func trip(of context: RequestContext, in library: Library) throws -> Destination {
        guard let id = try library.trips.chosenDestination(of: context.account.id),
            let destination = try library.catalog.destination(id: id)
        else {
            throw HTTPError.noTrip
        }
        return destination
    }
}

extension HTTPError {
    /// A page of the trip asked for before a destination was chosen.
    static var noTrip: HTTPError {
        HTTPError(status: .notFound, message: "Choose a destination to start: your trip has none yet.")
    }
}
