import Foundation
import HTTPServer
import Synchronization
import Testing
@testable import RoadTrip

/// The client against a fake Flickr that answers over a real socket, pointed at it by its settings.
@Suite struct FlickrClientLoopbackTests {
    static let key = "loopback key+/&=é"

    /// A fake Flickr on a port the system picks; it records each request, then answers with `handler`.
    func startFakeFlickr(_ requests: FlickrRequests, handler: @escaping Handler) throws -> Server {
        let configuration = Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2, shutdownGracePeriod: 1)
        return try Server(configuration: configuration, log: { _ in }) { request in
            requests.record(request)
            return handler(request)
        }
    }

    func client(of server: Server) -> FlickrClient {
        let endpoint = URL(string: "http://127.0.0.1:\(server.port)/services/rest/")!
        return FlickrClient(settings: FlickrSettings(apiKey: Self.key, endpoint: endpoint), transport: LoopbackFlickrTransport())
    }

    static func json(_ text: String, status: Status = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    @Test func topPlacesComeFromAFakeFlickrOverHTTP() throws {
        // setup
        let requests = FlickrRequests()
        let server = try startFakeFlickr(requests) { request in
            request.queryValue("method") == "flickr.places.getTopPlacesList"
                ? Self.json(FlickrSamples.topPlaces) : Self.json(FlickrSamples.failure(code: 112, message: "Method not found"))
        }
        defer { server.stop() }

        // MUT
        let places = try client(of: server).topPlaces()

        // validate
        #expect(places.map(\.name) == ["amadora", "Braga", "Évora", "Faro", "London", "San Francisco"])
        let request = try #require(requests.all.first)
        #expect(requests.all.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == "/services/rest/")
        #expect(request.queryValue("api_key") == Self.key)
        #expect(request.queryValue("format") == "json")
        #expect(request.queryValue("nojsoncallback") == "1")
        #expect(request.queryValue("place_type_id") == "7")
    }

    @Test func photosComeFromAFakeFlickrOverHTTP() throws {
        // setup
        let requests = FlickrRequests()
        let server = try startFakeFlickr(requests) { request in
            Self.json(FlickrSamples.photos([FlickrSamples.photo(id: "1"), FlickrSamples.photo(id: "2", ["title": ""])]))
        }
        defer { server.stop() }

        // MUT
        let photos = try client(of: server).photos(inPlace: "7.MJR8tTVrIO1EgB")

        // validate
        #expect(photos.map(\.displayTitle) == ["Golden Gate at dawn", "From the Marin side."])
        let request = try #require(requests.all.first)
        #expect(request.queryValue("method") == "flickr.photos.search")
        #expect(request.queryValue("place_id") == "7.MJR8tTVrIO1EgB")
        #expect(request.queryValue("extras") == FlickrClient.photoExtras)
    }

    @Test func flickrsRefusalsOverHTTPAreTheirErrors() throws {
        // setup
        let answers: [(Response, FlickrError)] = [
            (Self.json(FlickrSamples.failure(code: 100, message: "Invalid API Key (Key not found)")), .invalidKey),
            (.html("<h1>429 Too Many Requests</h1>", status: .tooManyRequests), .rateLimited),
            (.text("down", status: .serviceUnavailable), .unavailable("HTTP status 503")),
            (.html("<!doctype html><p>Flickr is having a massage</p>"), .badAnswer("an HTML page instead of JSON")),
        ]
        let next = Mutex(0)
        let server = try startFakeFlickr(FlickrRequests()) { _ in
            answers[
                next.withLock { index in
                    defer { index += 1 }
                    return index
                }
            ].0
        }
        defer { server.stop() }
        let client = client(of: server)

        for (_, expected) in answers {
            // MUT
            let error = flickrError { try client.topPlaces() }

            // validate
            #expect(error == expected)
        }
    }

    @Test func aFlickrThatIsGoneIsANetworkErrorWithoutTheKey() throws {
        // setup
        let server = try startFakeFlickr(FlickrRequests()) { _ in Self.json(FlickrSamples.topPlaces) }
        let client = client(of: server)
        server.stop()

        // MUT
        let error = try #require(flickrError { try client.topPlaces() })

        // validate
        guard case .network(let reason) = error else {
            Issue.record("not a network error: \(error)")
            return
        }
        #expect(reason.contains("Failed to connect to http://127.0.0.1:\(server.port)/services/rest/?method="))
        #expect(reason.contains("api_key=•••&"))
        #expect(!error.description.contains("loopback"))
        #expect(!error.description.contains(FlickrQuery.encode(Self.key)))
    }
}

/// Every request the fake Flickr was asked, in order.
final class FlickrRequests: Sendable {
    private let requests = Mutex<[Request]>([])

    func record(_ request: Request) {
        requests.withLock { $0.append(request) }
    }

    var all: [Request] { requests.withLock { $0 } }
}
