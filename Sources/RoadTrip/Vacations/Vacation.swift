import Foundation
import SQLDatabase

/// A vacation as the Vacations screen lists it.
public struct Vacation: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let name: String
    public let photoCount: Int
    /// The first and last dates its photos were taken ("2024-10-19T09:12:40"); nil when it has none.
    public let firstDate: String?
    public let lastDate: String?

    /// The same vacation without its dates, as a link that keeps dates back shows it.
    public var withoutDates: Vacation {
        Vacation(id: id, name: name, photoCount: photoCount, firstDate: nil, lastDate: nil)
    }

    /// The same vacation under another name (a link's neutral "Vacation").
    public func named(_ other: String) -> Vacation {
        Vacation(id: id, name: other, photoCount: photoCount, firstDate: firstDate, lastDate: lastDate)
    }
}

/// A place of a vacation's itinerary: where its photos were taken, in the order first visited.
public struct VacationPlace: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let name: String
    public let region: String?
    public let country: String
    public let photoCount: Int
    /// When the vacation's earliest photo there was taken.
    public let firstVisited: String
    /// The place's own position (the gazetteer's), where the itinerary's map puts it; nil when
    /// an older RoadTrip stored one no place on Earth has (`roadtrip check` repairs it).
    public let coordinate: Coordinate?

    public var regionAndCountry: String { [region, country].compactMap { $0 }.joined(separator: ", ") }
}

/// A tag of a vacation, with how many of its photos carry it.
public struct VacationTag: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let name: String
    public let photoCount: Int
}

/// A photo as a vacation keeps it: what it was when visited, and its own preview.
public struct VacationPhoto: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let sha256: String
    public let title: String
    public let subtitle: String?
    public let takenAt: String?
    public let latitude: Double?
    public let longitude: Double?
    public let camera: String?
    public let placeID: Int64?
    public let width: Int
    public let height: Int
    /// The title is the file's name ("IMG_20081022_162839"), not one a person gave.
    public let titleFromFile: Bool

    static let columns = "id, sha256, title, subtitle, taken_at, latitude, longitude, camera, place_id, width, height, title_from_file"

    init(row: Row) throws {
        id = try row["id"]
        sha256 = try row["sha256"]
        title = try row["title"]
        subtitle = try row["subtitle"]
        takenAt = try row["taken_at"]
        // Both or neither, and only a possible position: an older RoadTrip stored what it was given.
        let position = Coordinate(latitude: try row["latitude"] as Double?, longitude: try row["longitude"] as Double?)
        (latitude, longitude) = (position?.latitude, position?.longitude)
        camera = try row["camera"]
        placeID = try row["place_id"]
        width = try row["width"]
        height = try row["height"]
        titleFromFile = try row["title_from_file"] as Int != 0
    }

    private init(_ photo: VacationPhoto, position: Bool, date: Bool) {
        (id, sha256, subtitle, camera, width, height) = (photo.id, photo.sha256, photo.subtitle, photo.camera, photo.width, photo.height)
        (latitude, longitude, placeID) = position ? (nil, nil, nil) : (photo.latitude, photo.longitude, photo.placeID)
        takenAt = date ? nil : photo.takenAt
        // A file's name often says when or where ("IMG_20081022_162839", "Arezzo-3").
        titleFromFile = photo.titleFromFile
        title = (position || date) && photo.titleFromFile ? "Photo \(photo.id)" : photo.title
    }

    /// The same photo without what a share link keeps back: its position and place, its date,
    /// and a title taken from its file's name, which is "Photo 12" instead.
    public func redacted(position: Bool, date: Bool) -> VacationPhoto {
        VacationPhoto(self, position: position, date: date)
    }
}

/// A photo with its neighbours in a list of a vacation's photos.
public struct VacationPhotoWindow: Sendable, Equatable {
    public let before: [VacationPhoto]
    public let photo: VacationPhoto
    public let after: [VacationPhoto]
    /// No photo of the list is left out: it has no more than the window holds.
    public let isWhole: Bool

    public var photos: [VacationPhoto] { before + [photo] + after }

    /// The same window with each photo as `transform` makes it (as a link may show it).
    public func map(_ transform: (VacationPhoto) -> VacationPhoto) -> VacationPhotoWindow {
        VacationPhotoWindow(before: before.map(transform), photo: transform(photo), after: after.map(transform), isWhole: isWhole)
    }
}

/// Which of a vacation's photos a list shows.
public enum VacationPhotoFilter: Sendable, Hashable {
    case all
    case place(Int64)
    case tag(Int64)
}

/// Why a vacation could not be made, renamed or imported: said to the person as it is.
public enum VacationError: Error, Sendable, Equatable, CustomStringConvertible {
    case nameEmpty
    case nameTooLong(limit: Int)
    case nameHasControlCharacters
    case nameHasDirectionOverrides
    case tagHasDirectionOverrides
    case alreadyExists(name: String)
    case noSuchVacation
    case notADocument(String)
    case tooManyPhotos(limit: Int)
    case onlyTheOwner

    public var description: String {
        switch self {
        case .nameEmpty: "Give the vacation a name."
        case .nameTooLong(let limit): "A vacation's name can be at most \(limit) characters long."
        case .nameHasControlCharacters: "A vacation's name cannot contain control characters."
        case .nameHasDirectionOverrides:
            "A vacation's name cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."
        case .tagHasDirectionOverrides: "A tag cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."
        case .alreadyExists(let name): "A vacation called “\(name)” already exists."
        case .noSuchVacation: "There is no such vacation."
        case .notADocument(let reason): "This file is not a RoadTrip vacation: \(reason). Nothing was imported."
        case .tooManyPhotos(let limit): "A vacation can hold at most \(limit) photos."
        case .onlyTheOwner: "Only the vacation’s owner can do that."
        }
    }
}
