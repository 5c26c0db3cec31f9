import Foundation
import RoadTrip
import RoadTripWeb

extension Commands {
    static func destinations(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: [])
        switch parsed.words.first {
        case "import":
            guard parsed.words.count == 2 else { throw CommandFailure(message: "usage: roadtrip destinations import FILE", status: 64) }
            try importDestinations(from: parsed.words[1], library: openLibrary(parsed))
        case "list":
            guard parsed.words.count == 1 else { throw CommandFailure(message: "usage: roadtrip destinations list", status: 64) }
            try listDestinations(library: openLibrary(parsed))
        default:
            throw CommandFailure(message: "usage: roadtrip destinations import FILE | roadtrip destinations list", status: 64)
        }
    }

    private static func importDestinations(from path: String, library: Library) throws(CommandFailure) {
        let records: [DestinationRecord]
        do {
            records = try DestinationFile.read(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(message: "\(error.description); nothing was imported")
        }
        do {
            let summary = try library.catalog.importRecords(records)
            if !summary.added.isEmpty { Console.out("Added \(summary.added.count): \(summary.added.joined(separator: ", "))") }
            if !summary.updated.isEmpty { Console.out("Replaced \(summary.updated.count): \(summary.updated.joined(separator: ", "))") }
        } catch {
            throw CommandFailure(message: "could not import \(path): \(error); nothing was imported")
        }
    }

    private static func listDestinations(library: Library) throws(CommandFailure) {
        do {
            for destination in try library.catalog.all() {
                Console.out("\(destination.id)\t\(destination.name)\t\(destination.locationSubtitle)\t\(destination.eventCount) events")
            }
        } catch {
            throw CommandFailure(message: "could not read the destinations: \(error)")
        }
    }
}
