import Foundation

/// What came back from Flickr over HTTP: the status and the body, whatever the status.
public struct FlickrHTTPAnswer: Sendable {
    public let status: Int
    public let body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// The HTTP client the Flickr client talks through. The domain has no HTTP library: RoadTrip
/// passes in its libcurl fetcher, tests pass their own.
public protocol FlickrTransport: Sendable {
    /// GETs `url`, keeping at most `limit` bytes of body, and blocks until the answer has come.
    /// An answer with any status (404, 429, 500) is returned, not thrown; throws `.network(reason)`
    /// only when no answer came: refused, timed out, no DNS, a body over the limit.
    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer
}
