import Foundation
import TextRules

/// One value of a Flickr answer as text, whatever JSON type it came in: Flickr sends numbers as
/// strings one day and as numbers the next (`"photo_count":"1234"`, `"width_l":1024`,
/// `"latitude":0`), and text fields as `{"_content": "…"}` objects (`description`).
/// A value of any other shape (an array, another object, null) reads as no value at all.
struct FlickrValue: Decodable, Sendable {
    let text: String?

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if let string = try? container.decode(String.self) {
                text = string
                return
            }
            if let integer = try? container.decode(Int.self) {
                text = String(integer)
                return
            }
            if let number = try? container.decode(Double.self) {
                text = String(number)
                return
            }
            if let flag = try? container.decode(Bool.self) {
                text = flag ? "1" : "0"
                return
            }
        }
        let object = try? decoder.container(keyedBy: ContentKey.self)
        text = try? object?.decodeIfPresent(String.self, forKey: .content)
    }

    private enum ContentKey: String, CodingKey {
        case content = "_content"
    }
}

/// A Flickr object as its fields by name (`place_id`, `url_l`, …), each read leniently.
typealias FlickrFields = [String: FlickrValue]

extension Dictionary where Key == String, Value == FlickrValue {
    /// The field's text, trimmed, without text-direction overrides (titles and owner names are
    /// shown; no id or number has one); nil when absent or empty.
    func text(_ name: String) -> String? {
        guard let text = self[name]?.text.map(DirectionOverrides.removed)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else {
            return nil
        }
        return text
    }

    func integer(_ name: String) -> Int? {
        guard let text = text(name) else { return nil }
        if let integer = Int(text) { return integer }
        guard let number = Double(text), number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    func number(_ name: String) -> Double? {
        guard let text = text(name), let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

/// `{"stat": "ok"|"fail", "code": 100, "message": "…"}`, present in every Flickr answer.
struct FlickrStatusWire: Decodable {
    let stat: FlickrValue?
    let code: FlickrValue?
    let message: FlickrValue?
}

/// `flickr.places.getTopPlacesList`: `{"places": {"place": [{…}, …]}, "stat": "ok"}`.
struct FlickrPlacesWire: Decodable {
    struct List: Decodable {
        let place: [FlickrFields]?
    }

    let places: List
}

/// `flickr.photos.search`: `{"photos": {"page": 1, …, "photo": [{…}, …]}, "stat": "ok"}`.
struct FlickrPhotosWire: Decodable {
    struct List: Decodable {
        let photo: [FlickrFields]?
    }

    let photos: List
}
