/// What a printed book holds, as the library gives it: its title, its cover, its route, its
/// days with their photos, and its figures. The layout (`BookLayout`) decides the pages.
public struct BookContent: Sendable {
    public var title: String
    public var subtitle: String
    /// The cover's photo; nil for a cover of colour and title alone.
    public var cover: BookPhoto?
    /// The route's map on the title page; nil for none (asked for none, or nothing to draw).
    public var route: BookRoute?
    public var days: [BookDay]
    /// The closing page: "Days" "3", "Kilometres" "142", …
    public var figures: [(label: String, value: String)]
    /// Photos asked for that cannot be printed, each with why (a file gone from the library).
    public var leftOut: [(photo: String, reason: String)]

    public init(
        title: String, subtitle: String, cover: BookPhoto?, route: BookRoute?, days: [BookDay],
        figures: [(label: String, value: String)], leftOut: [(photo: String, reason: String)] = []
    ) {
        (self.title, self.subtitle, self.cover, self.route, self.days) = (title, subtitle, cover, route, days)
        (self.figures, self.leftOut) = (figures, leftOut)
    }

    public var photoCount: Int { days.reduce(0) { $0 + $1.photos.count } }
}

/// One photo to print: the file it is printed from, its upright size in pixels, and the line
/// printed under it (its caption, else its place and time).
public struct BookPhoto: Sendable, Equatable {
    /// How the report names it: "IMG_0042".
    public let name: String
    public let path: String
    public let width: Int
    public let height: Int
    public let caption: String

    public init(name: String, path: String, width: Int, height: Int, caption: String) {
        (self.name, self.path, self.width, self.height, self.caption) = (name, path, max(1, width), max(1, height), caption)
    }

    var aspect: Double { Double(width) / Double(height) }
}

/// A day of the trip: its date as printed, the places it went to, how far it went, its photos in order.
public struct BookDay: Sendable {
    public let title: String
    public let places: [String]
    /// "23 km travelled"; nil when no track says.
    public let distance: String?
    public let photos: [BookPhoto]

    public init(title: String, places: [String], distance: String?, photos: [BookPhoto]) {
        (self.title, self.places, self.distance, self.photos) = (title, places, distance, photos)
    }
}

/// A position on Earth, in degrees.
public struct BookPoint: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        (self.latitude, self.longitude) = (latitude, longitude)
    }
}

/// The route as the title page draws it: the land around it (rings filled even-odd, the
/// basemap's), its tracks, and its places with their names.
public struct BookRoute: Sendable {
    public var land: [[BookPoint]]
    public var lines: [[BookPoint]]
    public var places: [(name: String, point: BookPoint)]

    public init(land: [[BookPoint]] = [], lines: [[BookPoint]], places: [(name: String, point: BookPoint)]) {
        (self.land, self.lines, self.places) = (land, lines, places)
    }

    var isEmpty: Bool { lines.allSatisfy(\.isEmpty) && places.isEmpty }
}
