import Foundation

/// One of Flickr's top places: a locality (a city or town) where many photos were taken.
public struct FlickrPlace: Sendable, Equatable, Identifiable, Codable {
    /// Flickr's `place_id`, which `FlickrClient.photos(inPlace:)` asks for.
    public let id: String
    /// The city: "San Francisco".
    public let name: String
    /// The rest of the place's full name: "California, United States".
    public let subtitle: String
    /// The last part of the place's full name: "United States".
    public let country: String
    public let photoCount: Int

    public init(id: String, name: String, subtitle: String, country: String, photoCount: Int) {
        self.id = id
        self.name = name
        self.subtitle = subtitle
        self.country = country
        self.photoCount = photoCount
    }
}

extension FlickrPlace {
    /// A place from its fields in Flickr's answer; nil without a `place_id` or any name.
    init?(flickr fields: FlickrFields) {
        guard let id = fields.text("place_id") else { return nil }
        let fullName = fields.text("_content") ?? ""
        let parts = fullName.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let name = fields.text("woe_name") ?? parts.first else { return nil }
        self.init(
            id: id,
            name: name,
            subtitle: Self.subtitle(of: fullName, after: name, parts: parts),
            country: parts.last ?? "",
            photoCount: max(0, fields.integer("photo_count") ?? 0)
        )
    }

    /// What `fullName` says after `name`: "San Francisco, California, United States" after
    /// "San Francisco" is "California, United States". When the full name does not start with
    /// the name, everything after its first part.
    private static func subtitle(of fullName: String, after name: String, parts: [String]) -> String {
        let partsInName = fullName.trimmingCharacters(in: .whitespaces).hasPrefix(name + ",") ? name.split(separator: ",").count : 1
        return parts.dropFirst(partsInName).joined(separator: ", ")
    }

    /// The order of the Flickr tab: by country, then by name, ignoring case and accents.
    static func listOrder(_ first: FlickrPlace, _ second: FlickrPlace) -> Bool {
        for (left, right) in [(first.country, second.country), (first.name, second.name), (first.subtitle, second.subtitle)] {
            let order = left.compare(right, options: [.caseInsensitive, .diacriticInsensitive])
            if order != .orderedSame { return order == .orderedAscending }
        }
        return first.id < second.id
    }
}
