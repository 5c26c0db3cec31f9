import Foundation
import Imaging

extension FlickrPhoto {
    /// The sizes tried for `large`, best first: Large 1024, Medium 800, Medium 640.
    static let screenSizes = ["l", "c", "z"]

    /// A photo from its fields in a `flickr.photos.search` answer; nil without an `id`.
    init?(flickr fields: FlickrFields) {
        guard let id = fields.text("id") else { return nil }
        let position = Self.position(latitude: fields.number("latitude"), longitude: fields.number("longitude"))
        self.init(
            id: id,
            owner: fields.text("owner") ?? "",
            ownerName: fields.text("ownername") ?? "",
            title: fields.text("title") ?? "",
            description: fields.text("description") ?? "",
            tags: Self.tags(fields.text("tags") ?? ""),
            takenAt: fields.text("datetakenunknown") == "1" ? nil : Self.takenAt(fields.text("datetaken")),
            latitude: position?.latitude,
            longitude: position?.longitude,
            large: Self.screenSizes.lazy.compactMap { FlickrImage(flickr: fields, size: $0) }.first,
            original: FlickrImage(flickr: fields, size: "o")
        )
    }

    /// Flickr's space-separated tags, machine tags ("geo:lat=37.8") and repeats left out.
    static func tags(_ text: String) -> [String] {
        var seen: Set<String> = []
        return text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { tag in
            !tag.contains(":") && seen.insert(tag.lowercased()).inserted
        }
    }

    /// "2024-10-19 09:12:40" as "2024-10-19T09:12:40"; nil for Flickr's "0000-00-00 00:00:00",
    /// for nothing, and for anything that is not a real calendar date and time of day
    /// ("2023-02-31 10:00:00" is dropped: before, only the ranges of its fields were checked).
    static func takenAt(_ text: String?) -> String? {
        guard let text else { return nil }
        let characters = Array(text)
        guard characters.count == 19 else { return nil }
        let separators = [4: "-", 7: "-", 10: " ", 13: ":", 16: ":"] as [Int: Character]
        for (index, character) in characters.enumerated() {
            if let separator = separators[index] {
                guard character == separator || (index == 10 && character == "T") else { return nil }
            } else if !character.isASCII || !character.isNumber {
                return nil
            }
        }
        return ExifDate.normalised(text)
    }

    /// A position Flickr knows: both coordinates, in range, and not 0/0 (what Flickr sends for none).
    static func position(latitude: Double?, longitude: Double?) -> (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180,
            latitude != 0 || longitude != 0
        else { return nil }
        return (latitude, longitude)
    }
}

extension FlickrImage {
    /// The size `size` ("l", "c", "z", "o") of a photo: `url_<size>` with `width_<size>` and
    /// `height_<size>`. Nil unless the address is http or https and both dimensions are
    /// 1…`largestSide` pixels (a size no picture has is dropped, not shown).
    init?(flickr fields: FlickrFields, size: String) {
        guard let address = fields.text("url_\(size)"), let url = URL(string: address), FlickrQuery.isWebURL(url),
            let width = fields.integer("width_\(size)"), let height = fields.integer("height_\(size)"),
            Self.sides.contains(width), Self.sides.contains(height)
        else { return nil }
        self.init(url: url, width: width, height: height)
    }

    /// Flickr keeps originals of up to 200 MB; no side of one reaches 100,000 pixels.
    static let sides = 1...100_000
}
