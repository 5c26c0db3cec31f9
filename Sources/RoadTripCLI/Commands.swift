import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb

/// A failure to tell the person in one line, and the exit status to leave with.
struct CommandFailure: Error {
    let message: String
    var status: Int32 = 1
}

enum Commands {
    static func run(_ arguments: [String]) throws(CommandFailure) {
        guard let first = arguments.first else {
            Console.out(Help.text)
            return
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            try refuseExtra(rest)
            Console.out(Help.text)
        case "--version":
            try refuseExtra(rest)
            Console.out(Help.version)
        case "serve": try serve(Array(arguments.dropFirst()))
        case "destinations": try destinations(Array(arguments.dropFirst()))
        case "user": try user(rest)
        case "import": try importPhotos(rest)
        case "vacation": try vacation(rest)
        default:
            if first.hasPrefix("-") { throw CommandFailure(message: "unknown option '\(first)' (see roadtrip --help)", status: 64) }
            throw CommandFailure(message: "unknown command '\(first)' (see roadtrip --help)", status: 64)
        }
    }

    private static func refuseExtra(_ arguments: [String]) throws(CommandFailure) {
        guard let extra = arguments.first else { return }
        let kind = extra.hasPrefix("-") ? "unknown option" : "unexpected argument"
        throw CommandFailure(message: "\(kind) '\(extra)' (see roadtrip --help)", status: 64)
    }

    static func parse(_ arguments: [String], values: Set<String>, flags: Set<String> = []) throws(CommandFailure) -> Arguments {
        do {
            return try Arguments(arguments, valueOptions: values.union(["--data"]), flagOptions: flags)
        } catch {
            throw CommandFailure(message: error.description, status: 64)
        }
    }

    static func openLibrary(_ arguments: Arguments) throws(CommandFailure) -> Library {
        let folder = arguments.options["--data"].map { URL(fileURLWithPath: $0) } ?? Library.defaultFolder()
        do {
            return try Library(folder: folder)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    private static func destinations(_ arguments: [String]) throws(CommandFailure) {
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
