import Foundation
import Imaging
import RoadTrip
import Synchronization

/// Flickr for the web tests: top places, a place's photos and their images, answered in
/// Flickr's REST JSON; a test can make it refuse the key, limit the rate or go away.
final class FakeFlickrSite: FlickrTransport {
    enum Mode: Sendable { case working, invalidKey, rateLimited, offline }

    private let mode = Mutex(Mode.working)
    private let fetches = Mutex<[String]>([])
    private let image: [UInt8]

    init() throws {
        let path = NSTemporaryDirectory() + "flickr-\(UUID().uuidString).jpg"
        try SyntheticPhoto.write(to: path, format: .jpeg, width: 1024, height: 768, metadata: PhotoMetadata(), seed: 7)
        image = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        unlink(path)
    }

    func set(_ new: Mode) { mode.withLock { $0 = new } }
    var imageFetches: Int { fetches.withLock { $0.filter { $0.hasSuffix(".jpg") }.count } }
    var asked: [String] { fetches.withLock { $0 } }

    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer {
        fetches.withLock { $0.append(url.absoluteString) }
        switch mode.withLock({ $0 }) {
        case .offline: throw .network("connection refused to \(url.absoluteString)")
        case .rateLimited: return FlickrHTTPAnswer(status: 429, body: Array("Too Many Requests".utf8))
        case .invalidKey:
            return FlickrHTTPAnswer(
                status: 200, body: Array(#"{"stat":"fail","code":100,"message":"Invalid API Key (Key not found)"}"#.utf8))
        case .working: break
        }
        if url.path.hasSuffix(".jpg") { return FlickrHTTPAnswer(status: 200, body: image) }
        let method = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "method" }?.value
        let json = method == "flickr.places.getTopPlacesList" ? Self.places : Self.photos
        return FlickrHTTPAnswer(status: 200, body: Array(json.utf8))
    }

    static let places = """
        {"places":{"total":3,"place_type":"locality","place_type_id":7,"place":[
        {"place_id":"7.MJR8tTVrIO1EgB","woeid":"2487956","latitude":"37.779","longitude":"-122.420","place_type":"locality",\
        "place_type_id":"7","_content":"San Francisco, California, United States","woe_name":"San Francisco","photo_count":"1521"},
        {"place_id":"hV.ib5FSUbmqW7Ac","woeid":"44418","latitude":"51.506","longitude":"-0.127","place_type":"locality",\
        "place_type_id":"7","_content":"London, England, United Kingdom","woe_name":"London","photo_count":"3000"},
        {"place_id":"3abc.def","woeid":"1","latitude":"38.7","longitude":"-9.1","place_type":"locality","place_type_id":"7",\
        "_content":"Lisbon, Lisbon, Portugal","woe_name":"Lisbon","photo_count":10}
        ]},"stat":"ok"}
        """

    static let photos = """
        {"photos":{"page":1,"pages":1,"perpage":50,"total":2,"photo":[
        {"id":"53312345678","owner":"12345678@N00","secret":"abc","server":"65535","farm":66,"title":"Fog <b>over</b> the bay","ispublic":1,
         "description":{"_content":"Morning"},"datetaken":"2024-10-19 09:12:40","datetakenunknown":"0","ownername":"Ann Photographer",
         "tags":"fog bay geo:lat=37.8 sanfrancisco","latitude":"37.8199","longitude":"-122.4783","accuracy":"16",
         "url_l":"https://live.staticflickr.com/65535/53312345678_abc_b.jpg","height_l":"768","width_l":"1024",
         "url_o":"https://live.staticflickr.com/65535/53312345678_def_o.jpg","height_o":"768","width_o":"1024"},
        {"id":"53312345679","owner":"87654321@N00","secret":"xyz","server":"65535","farm":66,"title":"","ispublic":1,
         "description":{"_content":""},"datetaken":"2024-10-18 10:00:00","datetakenunknown":"0","ownername":"Bo",
         "tags":"","latitude":0,"longitude":0,
         "url_l":"https://live.staticflickr.com/65535/53312345679_xyz_b.jpg","height_l":768,"width_l":1024}
        ]},"stat":"ok"}
        """
}
