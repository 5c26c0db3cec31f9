import Foundation
import RoadTrip

extension Commands {
    /// `roadtrip trips list`, `roadtrip trips find [--all]`: the trips found in the photos, and
    /// looking for them now (the server does it in the background after every change).
    static func trips(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: [], flags: ["--all"])
        switch parsed.words.first {
        case "list" where parsed.words.count == 1 && parsed.flags.isEmpty:
            let library = try openLibrary(parsed)
            do {
                let trips = try library.foundTrips.proposed(limit: 500)
                if trips.isEmpty { Console.out("No trips proposed: roadtrip trips find looks for them") }
                for trip in trips { Console.out(Self.line(trip)) }
            } catch {
                throw CommandFailure(message: "cannot list the trips: \(error)")
            }
        case "find" where parsed.words.count == 1:
            let library = try openLibrary(parsed)
            do {
                let finder = library.tripFinder
                let report = parsed.flags.contains("--all") ? try finder.runAll() : try finder.run()
                if let home = try finder.storedHome() {
                    Console.out(
                        """
                        Home: \(String(format: "%.2f, %.2f", home.coordinate.latitude, home.coordinate.longitude)) (photos on \
                        \(home.photoDays) days)
                        """
                    )
                }
                Console.out("Looked at \(report.daysLookedAt) days (\(report.photosRead) photos): \(report.tripsFound) trips.")
                for trip in try library.foundTrips.proposed(limit: 500) { Console.out(Self.line(trip)) }
            } catch {
                throw CommandFailure(message: "cannot look for trips: \(error)")
            }
        default:
            throw CommandFailure(message: "usage: roadtrip trips list | roadtrip trips find [--all]", status: 64)
        }
    }

    private static func line(_ trip: FoundTrip) -> String {
        """
        \(trip.id)  \(trip.title), \(trip.firstDay)…\(trip.lastDay) · \(trip.photoCount) photo\(trip.photoCount == 1 ? "" : "s") · \
        \(trip.farthestKilometres) km from home
        """
    }
}
