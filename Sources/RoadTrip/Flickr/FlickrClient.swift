import Foundation

/// Flickr's top places and the photos taken there, through its REST API with the owner's key.
/// Every call blocks until Flickr has answered or the transport gives up: run it on a
/// background queue, never on a request thread. Errors never hold the key.
public struct FlickrClient: Sendable {
    /// Largest answer read. 50 photos with every extra come to about 100 KB; Flickr's top
    /// places list to about 200 KB.
    public static let answerLimit = 4 << 20
    /// How many of a place's latest photos are listed, as the original app did.
    public static let photosPerPlace = 50

    /// Flickr's place type for localities: cities and towns.
    static let localityPlaceType = "7"
    static let photoExtras = "description,tags,geo,date_taken,owner_name,url_l,url_c,url_z,url_o"

    public let settings: FlickrSettings
    let transport: any FlickrTransport

    public init(settings: FlickrSettings, transport: any FlickrTransport) {
        self.settings = settings
        self.transport = transport
    }

    /// Flickr's top localities (`flickr.places.getTopPlacesList`), by country, then by name.
    public func topPlaces() throws(FlickrError) -> [FlickrPlace] {
        let answer = try call("flickr.places.getTopPlacesList", [("place_type_id", Self.localityPlaceType)], as: FlickrPlacesWire.self)
        return (answer.places.place ?? []).compactMap(FlickrPlace.init(flickr:)).sorted(by: FlickrPlace.listOrder)
    }

    /// The latest photos posted of a place (`flickr.photos.search` by `place_id`), newest first.
    /// An empty place id names no place: it has no photos, and Flickr is not asked.
    public func photos(inPlace placeID: String) throws(FlickrError) -> [FlickrPhoto] {
        let placeID = placeID.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !placeID.isEmpty else { return [] }
        let answer = try call(
            "flickr.photos.search",
            [
                ("place_id", placeID),
                ("per_page", String(Self.photosPerPlace)),
                ("page", "1"),
                ("sort", "date-posted-desc"),
                ("extras", Self.photoExtras),
            ], as: FlickrPhotosWire.self)
        return Array((answer.photos.photo ?? []).compactMap(FlickrPhoto.init(flickr:)).prefix(Self.photosPerPlace))
    }

    /// Calls `method` and reads its answer as `Answer`, once Flickr has said `"stat":"ok"`.
    private func call<Answer: Decodable>(
        _ method: String, _ parameters: [(name: String, value: String)], as _: Answer.Type
    ) throws(FlickrError) -> Answer {
        let key = settings.apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw .noKey }
        guard FlickrQuery.isWebURL(settings.endpoint),
            let url = FlickrQuery.url(
                endpoint: settings.endpoint,
                parameters: [("method", method), ("api_key", key), ("format", "json"), ("nojsoncallback", "1")] + parameters
            )
        else { throw .network("its address is not an http or https URL") }
        do {
            let answer = try transport.get(url, limit: Self.answerLimit)
            return try FlickrAnswerReader.read(answer, limit: Self.answerLimit, as: Answer.self)
        } catch {
            throw error.redacting(key)
        }
    }
}
