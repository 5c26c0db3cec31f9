import Foundation
import Synchronization
@testable import RoadTrip

/// Flickr's REST API in memory: every call gets the answer (or the failure) the test set, and
/// every address asked is kept, with the body limit it was asked with.
final class FakeFlickr: FlickrTransport {
    private let reply: Mutex<Result<FlickrHTTPAnswer, FlickrError>>
    private let asked = Mutex<[(url: URL, limit: Int)]>([])

    init(status: Int = 200, json: String) {
        reply = Mutex(.success(FlickrHTTPAnswer(status: status, body: Array(json.utf8))))
    }

    init(failure: FlickrError) {
        reply = Mutex(.failure(failure))
    }

    var urls: [URL] { asked.withLock { $0.map(\.url) } }
    var limits: [Int] { asked.withLock { $0.map(\.limit) } }

    /// The parameters of the only address asked, percent-decoded, by name.
    func parameters() -> [String: String] {
        guard let url = urls.first, urls.count == 1 else { return [:] }
        return Self.parameters(of: url)
    }

    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer {
        asked.withLock { $0.append((url, limit)) }
        return try reply.withLock { $0 }.get()
    }

    static func parameters(of url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

extension FlickrClient {
    /// A client of the fake Flickr, with a key no other text contains.
    static func fake(_ flickr: FakeFlickr, key: String = FlickrSamples.key) -> FlickrClient {
        FlickrClient(settings: FlickrSettings(apiKey: key, endpoint: FlickrSamples.endpoint), transport: flickr)
    }
}

/// Answers in Flickr's documented REST JSON (`format=json&nojsoncallback=1`).
enum FlickrSamples {
    static let key = "f1ckr5ecretk3y0000000000000abcde"
    static let endpoint = URL(string: "https://flickr.test/services/rest/")!

    static let topPlaces = """
        {"places":{"total":6,"date_start":1700000000,"date_stop":1700086399,"place":[
          {"place_id":"7.MJR8tTVrIO1EgB","woeid":"2487956","latitude":"37.779","longitude":"-122.420",
           "place_url":"\\/United+States\\/California\\/San+Francisco","place_type":"locality","place_type_id":"7",
           "timezone":"America\\/Los_Angeles","_content":"San Francisco, California, United States",
           "woe_name":"San Francisco","photo_count":"1234"},
          {"place_id":"hP_s5s9VVr5Qcg","woeid":"44418","latitude":51.506,"longitude":-0.127,
           "place_url":"\\/United+Kingdom\\/England\\/London","place_type":"locality","place_type_id":7,
           "_content":"London, England, United Kingdom","woe_name":"London","photo_count":987},
          {"place_id":"ZmRCl4JWUb5cSw","woeid":"742676","_content":"Évora, Évora, Portugal","woe_name":"Évora","photo_count":"12"},
          {"place_id":"kq7xrzyAVL","woeid":"738923","_content":"amadora, Lisbon, Portugal","woe_name":"amadora","photo_count":"40"},
          {"place_id":"Qv4gmJ5WVLs","woeid":"740295","_content":"Faro, Faro, Portugal","woe_name":"Faro","photo_count":"9"},
          {"place_id":"8R9lj5RWU7qjOA","woeid":"2459115","_content":"Braga, Braga, Portugal","woe_name":"Braga","photo_count":"7"}
        ]},"stat":"ok"}
        """

    /// One photo of a `photos.search` answer with every extra, as Flickr sends it (some numbers
    /// as strings, some as numbers); `changes` replaces fields, and a nil removes one.
    static func photo(id: String, _ changes: [String: Any?] = [:]) -> String {
        var fields: [String: Any] = [
            "id": id, "owner": "12345678@N00", "secret": "1e92283336", "server": "65535", "farm": 66,
            "title": "Golden Gate at dawn", "ispublic": 1, "isfriend": 0, "isfamily": 0,
            "description": ["_content": "From the Marin side."],
            "datetaken": "2024-10-19 09:12:40", "datetakengranularity": 0, "datetakenunknown": "0",
            "ownername": "Ann Walker", "tags": "bridge fog geo:lat=37.8199 sanfrancisco",
            "latitude": "37.8199", "longitude": "-122.4783", "accuracy": "16", "context": 0,
            "place_id": "7.MJR8tTVrIO1EgB", "woeid": "2487956", "geo_is_public": 1,
            "url_l": "https://live.staticflickr.com/65535/\(id)_1e92283336_b.jpg", "height_l": "683", "width_l": "1024",
            "url_c": "https://live.staticflickr.com/65535/\(id)_1e92283336_c.jpg", "height_c": 533, "width_c": 800,
            "url_z": "https://live.staticflickr.com/65535/\(id)_1e92283336_z.jpg", "height_z": 427, "width_z": 640,
            "url_o": "https://live.staticflickr.com/65535/\(id)_9a8b7c6d5e_o.jpg", "height_o": 4000, "width_o": 6000,
        ]
        for (name, value) in changes { fields[name] = value }
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func photos(_ photos: [String]) -> String {
        """
        {"photos":{"page":1,"pages":1,"perpage":50,"total":"\(photos.count)","photo":[\(photos.joined(separator: ","))]},"stat":"ok"}
        """
    }

    static func failure(code: Int, message: String) -> String {
        #"{"stat":"fail","code":\#(code),"message":"\#(message)"}"#
    }
}
