import Foundation

/// What the Flickr client needs to know: the owner's API key, and where Flickr's REST API
/// answers (configurable, so that a fake Flickr on loopback can stand in for it).
public struct FlickrSettings: Sendable, Equatable {
    public var apiKey: String
    public var endpoint: URL

    public init(apiKey: String, endpoint: URL = FlickrSettings.defaultEndpoint) {
        self.apiKey = apiKey
        self.endpoint = endpoint
    }

    public static let defaultEndpoint = URL(string: "https://api.flickr.com/services/rest/")!
}
