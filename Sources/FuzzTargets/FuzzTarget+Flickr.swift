import Foundation
import RoadTrip

extension FuzzTarget {
    /// Flickr's answers to the two methods RoadTrip calls, read by the real client through a
    /// transport that answers with the input. Input: one byte choosing the HTTP status, the body.
    /// What the client makes of an answer holds only what a photo or a place can be.
    static let flickr = FuzzTarget(name: "flickr", seeds: FlickrInput.seeds) { bytes in
        guard let first = bytes.first else { return }
        let answer = FlickrHTTPAnswer(status: FlickrInput.statuses[Int(first) % FlickrInput.statuses.count], body: Array(bytes.dropFirst()))
        let client = FlickrClient(settings: FlickrSettings(apiKey: "fuzz"), transport: FlickrInput.Answering(answer: answer))
        for place in (try? client.topPlaces()) ?? [] {
            precondition(!place.id.isEmpty && place.photoCount >= 0, "read the place \(place)")
        }
        for photo in (try? client.photos(inPlace: "7.MJR8tTVrIO1EgB")) ?? [] {
            if let latitude = photo.latitude, let longitude = photo.longitude {
                precondition(
                    (-90...90).contains(latitude) && (-180...180).contains(longitude), "photo \(photo.id) is at \(latitude), \(longitude)")
            }
            for image in [photo.large, photo.original].compactMap({ $0 }) {
                precondition(image.width > 0 && image.height > 0, "photo \(photo.id) has an image of \(image.width) × \(image.height)")
            }
            _ = (photo.pageURL, photo.displayTitle)
        }
    }
}

enum FlickrInput {
    /// Mostly 200: the answers worth reading.
    static let statuses = [200, 200, 200, 200, 200, 200, 404, 429, 503, 301]

    struct Answering: FlickrTransport {
        let answer: FlickrHTTPAnswer

        func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer { answer }
    }

    static func seeds() -> [FuzzTarget.Seed] {
        let places = """
            {"places":{"total":2,"place":[
              {"place_id":"7.MJR8tTVrIO1EgB","woeid":"2487956","latitude":"37.779","longitude":"-122.420",
               "place_type":"locality","place_type_id":"7","_content":"San Francisco, California, United States",
               "woe_name":"San Francisco","photo_count":"1234"},
              {"place_id":"hP_s5s9VVr5Qcg","latitude":51.506,"longitude":-0.127,"_content":"London, England, United Kingdom",
               "woe_name":"London","photo_count":987}]},"stat":"ok"}
            """
        let photo = """
            {"id":"53312345678","owner":"12345678@N00","secret":"1e92283336","server":"65535","farm":66,"title":"Golden Gate",
             "description":{"_content":"From the Marin side."},"datetaken":"2024-10-19 09:12:40","datetakenunknown":"0",
             "ownername":"Ann Walker","tags":"bridge fog","latitude":"37.8199","longitude":-122.4783,"accuracy":"16",
             "url_l":"https://live.staticflickr.com/65535/53312345678_1e92283336_b.jpg","height_l":"683","width_l":"1024",
             "url_o":"https://live.staticflickr.com/65535/53312345678_9a8b7c6d5e_o.jpg","height_o":4000,"width_o":6000.0}
            """
        return [
            .init("places", [0] + Array(places.utf8)),
            .init("photos", [0] + Array("{\"photos\":{\"page\":1,\"total\":\"1\",\"photo\":[\(photo)]},\"stat\":\"ok\"}".utf8)),
            .init("failure", [0] + Array(#"{"stat":"fail","code":105,"message":"Service currently unavailable"}"#.utf8)),
            .init("rate-limited", [7] + Array("<html>Too many requests</html>".utf8)),
        ]
    }
}
