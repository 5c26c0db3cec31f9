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
        warnAboutPictures(of: records, dataFolder: library.folder)
    }

    /// A missing picture does not stop an import (the pages draw a placeholder), but the
    /// person is told which ones to add, checked where the pages will look for them.
    private static func warnAboutPictures(of records: [DestinationRecord], dataFolder: URL) {
        let bundled: URL
        do {
            bundled = try AssetCatalog.bundledDestinationImages()
        } catch {
            // The destinations are in; only the check could not be made.
            return Console.error("warning: the pictures could not be checked: \(error.localizedDescription)")
        }
        let folder = DestinationPictures.importedFolder(in: dataFolder).path + "/"
        for (record, problem) in App.destinationPictures(dataFolder: dataFolder, bundled: bundled).problems(in: records) {
            let name = String(reflecting: record.imageName)
            switch problem {
            case .missing:
                Console.error(
                    "warning: the picture \(name) of \(record.name) is not in \(folder); its pages show a placeholder until it is added")
            case .unsupportedFormat:
                Console.error("warning: the picture \(name) of \(record.name) is not SVG, PNG, JPEG or WebP; its pages show a placeholder")
            }
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
