import Foundation
import Geo

extension DestinationFile {
    /// Turns a catalogue's value tree into destination records, applying every rule of the
    /// format in one place for both property lists and JSON. The first broken rule throws.
    struct CatalogueValidator {
        static let maximumNameLength = 200
        static let maximumEventCount = 10_000

        func records(from root: Value) throws(DestinationFileError) -> [DestinationRecord] {
            guard case .dictionary(let entries) = root.content else {
                throw DestinationFileError(line: root.line, reason: "the top level must be a dictionary, found \(root.summary)")
            }
            let list = try required("DestinationData", in: entries, of: root, at: nil)
            guard case .array(let items) = list.value.content else {
                throw refusal("expected an array of destinations, found \(list.value.summary)", list.value, list.path)
            }
            guard !items.isEmpty else { throw refusal("holds no destinations", list.value, list.path) }

            var records: [DestinationRecord] = []
            var indexByFoldedName: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                let path = DestinationFile.keyPath(list.path, index: index)
                let record = try destination(item, at: path)
                let folded = record.name.folding(options: [.caseInsensitive], locale: nil)
                if let first = indexByFoldedName[folded] {
                    let nameLine = dictionaryEntries(of: item)?["DestinationName"]?.line
                    throw DestinationFileError(
                        line: nameLine, keyPath: DestinationFile.keyPath(path, key: "DestinationName"),
                        reason: "\(Value.quoted(record.name)) repeats the name of \(DestinationFile.keyPath(list.path, index: first))"
                    )
                }
                indexByFoldedName[folded] = index
                records.append(record)
            }
            return records
        }

        private func destination(_ value: Value, at path: String) throws(DestinationFileError) -> DestinationRecord {
            let entries = try dictionary(value, at: path, describing: "a destination")

            let nameField = try required("DestinationName", in: entries, of: value, at: path)
            let name = try nonEmptyText(nameField.value, at: nameField.path)
            guard name.count <= Self.maximumNameLength else {
                throw refusal(
                    "is \(name.count) characters long; at most \(Self.maximumNameLength) are allowed", nameField.value, nameField.path)
            }

            let imageField = try required("DestinationImage", in: entries, of: value, at: path)
            let imageName = try fileName(imageField.value, at: imageField.path)

            let locationField = try required("DestinationLocation", in: entries, of: value, at: path)
            let location = try place(locationField.value, at: locationField.path, describing: "a location")

            let eventsField = try required("Events", in: entries, of: value, at: path)
            let eventURLs = try webURLs(eventsField.value, at: eventsField.path)

            let weatherField = try required("Weather", in: entries, of: value, at: path)
            let weatherURL = try webURL(weatherField.value, at: weatherField.path)

            var pointsOfInterest: [PointOfInterest] = []
            if let list = entries["POIs"] {
                let listPath = DestinationFile.keyPath(path, key: "POIs")
                guard case .array(let items) = list.content else {
                    throw refusal("expected an array of points of interest, found \(list.summary)", list, listPath)
                }
                for (index, item) in items.enumerated() {
                    let itemPath = DestinationFile.keyPath(listPath, index: index)
                    let poi = try place(item, at: itemPath, describing: "a point of interest")
                    pointsOfInterest.append(PointOfInterest(title: poi.title, subtitle: poi.subtitle, coordinate: poi.coordinate))
                }
            }

            return DestinationRecord(
                name: name, imageName: imageName, locationTitle: location.title, locationSubtitle: location.subtitle,
                coordinate: location.coordinate, weatherURL: weatherURL, eventURLs: eventURLs,
                pointsOfInterest: pointsOfInterest
            )
        }

        /// A `DestinationLocation` or one of the `POIs`: both are a titled point.
        private func place(
            _ value: Value, at path: String, describing kind: String
        ) throws(DestinationFileError) -> (title: String, subtitle: String, coordinate: Coordinate) {
            let entries = try dictionary(value, at: path, describing: kind)
            let titleField = try required("Title", in: entries, of: value, at: path)
            let title = try nonEmptyText(titleField.value, at: titleField.path)
            var subtitle = ""
            if let subtitleValue = entries["Subtitle"] {
                subtitle = try text(subtitleValue, at: DestinationFile.keyPath(path, key: "Subtitle"), acceptingNumbers: true)
            }
            let latitudeField = try required("Latitude", in: entries, of: value, at: path)
            let latitude = try degrees(latitudeField.value, at: latitudeField.path)
            let longitudeField = try required("Longitude", in: entries, of: value, at: path)
            let longitude = try degrees(longitudeField.value, at: longitudeField.path)
            do throws(CoordinateError) {
                return (title, subtitle, try Coordinate(checking: latitude, longitude))
            } catch {
                let (field, bounds) =
                    switch error {
                    case .latitude: (latitudeField, CoordinateError.latitudes)
                    case .longitude: (longitudeField, CoordinateError.longitudes)
                    }
                throw refusal(
                    "\(field.value.summary) is outside \(Int(bounds.lowerBound))...\(Int(bounds.upperBound))", field.value, field.path)
            }
        }

        private func webURLs(_ value: Value, at path: String) throws(DestinationFileError) -> [String] {
            guard case .array(let items) = value.content else {
                throw refusal("expected an array of URLs, found \(value.summary)", value, path)
            }
            guard items.count <= Self.maximumEventCount else {
                throw refusal("holds \(items.count) URLs; at most \(Self.maximumEventCount) are allowed", value, path)
            }
            var urls: [String] = []
            urls.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                urls.append(try webURL(item, at: DestinationFile.keyPath(path, index: index)))
            }
            return urls
        }

        private func dictionaryEntries(of value: Value) -> [String: Value]? {
            guard case .dictionary(let entries) = value.content else { return nil }
            return entries
        }
    }
}
