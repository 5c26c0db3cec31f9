import Geo

/// A point on the Earth, in degrees (WGS 84): Geo's, whose initialiser refuses what no place
/// on Earth has, so a catalogue, a vacation and a page share one checked type.
public typealias Coordinate = Geo.Coordinate

/// A place worth seeing at a destination (the book's `POIs`).
public struct PointOfInterest: Sendable, Equatable {
    public var title: String
    public var subtitle: String
    public var coordinate: Coordinate

    public init(title: String, subtitle: String, coordinate: Coordinate) {
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
    }
}

/// One destination as a catalogue file describes it, before it has an id.
public struct DestinationRecord: Sendable, Equatable {
    public var name: String
    /// File name of the destination's picture (the book's `DestinationImage`).
    public var imageName: String
    public var locationTitle: String
    public var locationSubtitle: String
    public var coordinate: Coordinate
    public var weatherURL: String
    public var eventURLs: [String]
    public var pointsOfInterest: [PointOfInterest]

    public init(
        name: String, imageName: String, locationTitle: String, locationSubtitle: String,
        coordinate: Coordinate, weatherURL: String, eventURLs: [String], pointsOfInterest: [PointOfInterest]
    ) {
        self.name = name
        self.imageName = imageName
        self.locationTitle = locationTitle
        self.locationSubtitle = locationSubtitle
        self.coordinate = coordinate
        self.weatherURL = weatherURL
        self.eventURLs = eventURLs
        self.pointsOfInterest = pointsOfInterest
    }
}

/// A destination stored in the catalogue.
public struct Destination: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var name: String
    public var imageName: String
    public var locationTitle: String
    public var locationSubtitle: String
    public var coordinate: Coordinate
    public var weatherURL: String
    public var eventCount: Int
    /// The built-in sample's book: its pages are generated, `eventCount` of them. Nil for a
    /// destination whose book is its event pages.
    public var isSample: Bool

    public init(
        id: Int64, name: String, imageName: String, locationTitle: String, locationSubtitle: String,
        coordinate: Coordinate, weatherURL: String, eventCount: Int, isSample: Bool = false
    ) {
        self.id = id
        self.name = name
        self.imageName = imageName
        self.locationTitle = locationTitle
        self.locationSubtitle = locationSubtitle
        self.coordinate = coordinate
        self.weatherURL = weatherURL
        self.eventCount = eventCount
        self.isSample = isSample
    }
}
