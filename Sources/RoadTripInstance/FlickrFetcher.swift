import Foundation
import PageFetcher
import RoadTrip

/// The libcurl fetcher, as the Flickr client and the Flickr image cache ask for it: any HTTP
/// status comes back as an answer, and every failure as `.network(reason)` without the API key.
struct FlickrFetcher: FlickrTransport {
    let fetcher: PageFetcher

    init(fetcher: PageFetcher) {
        self.fetcher = fetcher
    }

    /// A fetcher for Flickr: a few redirects at most, and loopback or private addresses only with
    /// `--allow-private-fetch` (a fake Flickr on this machine).
    init(allowPrivateAddresses: Bool) {
        self.init(
            fetcher: PageFetcher(
                policy: FetchPolicy(
                    timeout: 10, maximumBytes: FlickrClient.answerLimit, maximumRedirects: 3,
                    allowPrivateAddresses: allowPrivateAddresses, userAgent: "RoadTrip/0.1 (Flickr client)"
                )))
    }

    func get(_ url: URL, limit: Int) throws(FlickrError) -> FlickrHTTPAnswer {
        do {
            let page = try fetcher(limitedTo: limit).fetch(url.absoluteString)
            return FlickrHTTPAnswer(status: page.status, body: page.body)
        } catch .httpStatus(let status) {
            // PageFetcher keeps no body for a status other than 2xx; the status is what the client reads.
            return FlickrHTTPAnswer(status: status, body: [])
        } catch {
            throw FlickrError.network(Self.reason(error)).redacting(Self.apiKey(in: url) ?? "")
        }
    }

    /// The wrapped fetcher, or one like it that keeps at most `limit` bytes.
    private func fetcher(limitedTo limit: Int) -> PageFetcher {
        guard fetcher.policy.maximumBytes != limit else { return fetcher }
        var policy = fetcher.policy
        policy.maximumBytes = limit
        return PageFetcher(policy: policy)
    }

    /// What went wrong, in words that never quote the address asked for (it holds the key).
    static func reason(_ error: FetchError) -> String {
        switch error {
        case .notHTTP:
            "its address is not an http or https URL"
        case .privateAddress(let address):
            "\(address) is a loopback or private address, which is only reached with --allow-private-fetch"
        case .tooLarge(let limit):
            "the answer is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes")"
        case .tooManyRedirects(let limit):
            "it redirected more than \(limit) \(limit == 1 ? "time" : "times")"
        case .timedOut(let seconds):
            "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) seconds"
        case .httpStatus(let status):
            "HTTP status \(status)"
        case .network(let message):
            message
        }
    }

    private static func apiKey(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "api_key" }?.value
    }
}
