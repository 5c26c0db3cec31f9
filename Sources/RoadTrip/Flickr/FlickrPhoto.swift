import Foundation

/// One size of a Flickr photo: where it is and how large.
public struct FlickrImage: Sendable, Equatable, Codable {
    public let url: URL
    public let width: Int
    public let height: Int

    public init(url: URL, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// A photo as Flickr describes it in a search, with what RoadTrip shows and keeps of it.
public struct FlickrPhoto: Sendable, Equatable, Identifiable, Codable {
    public let id: String
    /// The owner's NSID ("12345678@N00"), part of the photo's page address.
    public let owner: String
    public let ownerName: String
    /// As Flickr has it, possibly empty: `displayTitle` is what a page shows.
    public let title: String
    public let description: String
    /// Flickr's tags, without machine tags (those containing ':') and without duplicates.
    public let tags: [String]
    /// When the photo was taken, "2024-10-19T09:12:40" (the camera's local time, as Flickr keeps it).
    public let takenAt: String?
    public let latitude: Double?
    public let longitude: Double?
    /// The size for the screen.
    public let large: FlickrImage?
    /// The original upload, for deep zoom, when its owner lets Flickr offer it.
    public let original: FlickrImage?

    public init(
        id: String, owner: String, ownerName: String, title: String, description: String, tags: [String],
        takenAt: String?, latitude: Double?, longitude: Double?, large: FlickrImage?, original: FlickrImage?
    ) {
        self.id = id
        self.owner = owner
        self.ownerName = ownerName
        self.title = title
        self.description = description
        self.tags = tags
        self.takenAt = takenAt
        self.latitude = latitude
        self.longitude = longitude
        self.large = large
        self.original = original
    }

    /// The photo's page on Flickr: https://www.flickr.com/photos/<owner>/<id>.
    public var pageURL: URL {
        let address = "https://www.flickr.com/photos/\(Self.pathSegment(owner))/\(Self.pathSegment(id))"
        return URL(string: address) ?? URL(string: "https://www.flickr.com/")!
    }

    /// The title, else the description, else "Unknown", as the original app named its photos.
    public var displayTitle: String {
        for text in [title, description] {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return trimmed }
        }
        return "Unknown"
    }

    /// `text` percent-encoded for one segment of a path (NSIDs keep their '@').
    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
