import Foundation
import Testing
@testable import RoadTrip

@Suite struct FlickrClientErrorTests {
    /// What the client throws when Flickr answers `json` with `status`, for either call.
    func errors(status: Int = 200, json: String, key: String = FlickrSamples.key) -> [FlickrError?] {
        let client = FlickrClient.fake(FakeFlickr(status: status, json: json), key: key)
        return [flickrError { try client.topPlaces() }, flickrError { try client.photos(inPlace: "7.MJR8tTVrIO1EgB") }]
    }

    @Test func flickrsInvalidKeyAnswerIsAnInvalidKey() {
        // MUT
        let errors = errors(json: FlickrSamples.failure(code: 100, message: "Invalid API Key (Key has invalid format)"))

        // validate
        #expect(errors == [.invalidKey, .invalidKey])
        #expect(errors.first??.description == "Flickr refused the API key; check it in Settings.")
    }

    @Test func flickrsServiceUnavailableAnswerIsUnavailable() {
        // MUT
        let errors = errors(json: FlickrSamples.failure(code: 105, message: "Service currently unavailable"))

        // validate
        #expect(errors == [.unavailable("Service currently unavailable"), .unavailable("Service currently unavailable")])
        #expect(errors.first??.description == "Flickr is not available right now (Service currently unavailable).")
    }

    @Test func http429IsTheRateLimit() {
        // MUT
        let errors = errors(status: 429, json: "<html><body><h1>429 Too Many Requests</h1></body></html>")

        // validate
        #expect(errors == [.rateLimited, .rateLimited])
        #expect(errors.first??.description == "Flickr is limiting requests from this server; try again in a few minutes.")
    }

    @Test func aFailureThatSpeaksOfTheRateLimitIsTheRateLimit() {
        // MUT
        let errors = errors(json: FlickrSamples.failure(code: 0, message: "API key has exceeded its rate limit"))

        // validate
        #expect(errors == [.rateLimited, .rateLimited])
    }

    @Test func http5xxIsUnavailable() {
        for status in [500, 502, 503] {
            // MUT
            let errors = errors(status: status, json: "<html>Bad gateway</html>")

            // validate
            #expect(errors == [.unavailable("HTTP status \(status)"), .unavailable("HTTP status \(status)")])
            #expect(errors.first??.description == "Flickr is not available right now (HTTP status \(status)).")
        }
    }

    @Test func anAnswerThatIsNotJSONIsABadAnswer() {
        // setup
        let answers = [
            (#"{"places":{"place":[{"place_id":"x""#, "not JSON"),
            ("<!DOCTYPE html>\n<html><head><title>Flickr</title></head></html>", "an HTML page instead of JSON"),
            ("", "an empty answer"),
            (#"jsonFlickrApi({"stat":"ok"})"#, "JSONP instead of JSON"),
            (#"["stat","ok"]"#, "not JSON"),
        ]

        for (body, reason) in answers {
            // MUT
            let errors = errors(json: body)

            // validate
            #expect(errors == [.badAnswer(reason), .badAnswer(reason)], "\(body)")
        }
    }

    @Test func jsonOfAnotherShapeIsABadAnswerSayingWhere() {
        // MUT
        let missing = errors(json: #"{"stat":"ok"}"#)
        let wrongType = errors(json: #"{"places":{"place":"San Francisco"},"photos":{"photo":7},"stat":"ok"}"#)
        let noStatus = errors(json: #"{"places":{"place":[]}}"#)

        // validate
        #expect(missing == [.badAnswer("“places” is missing"), .badAnswer("“photos” is missing")])
        #expect(
            wrongType == [
                .badAnswer("“places.place” is not what Flickr documents"), .badAnswer("“photos.photo” is not what Flickr documents"),
            ])
        #expect(noStatus == [.badAnswer("it has no status"), .badAnswer("it has no status")])
        #expect(missing.first??.description == "Flickr sent an answer RoadTrip does not understand (“places” is missing).")
    }

    @Test func otherFailuresAreBadAnswersInFlickrsWords() {
        // MUT
        let errors = errors(json: FlickrSamples.failure(code: 112, message: #"Method \"flickr.places.nope\" not found"#))

        // validate
        #expect(errors.first == .badAnswer(#"Flickr error 112: Method "flickr.places.nope" not found"#))
    }

    @Test func anotherHTTPStatusIsABadAnswerUnlessFlickrExplainsIt() {
        // MUT
        let plain = errors(status: 404, json: "Not Found")
        let explained = errors(status: 403, json: FlickrSamples.failure(code: 100, message: "Invalid API Key"))

        // validate
        #expect(plain == [.badAnswer("HTTP status 404"), .badAnswer("HTTP status 404")])
        #expect(explained == [.invalidKey, .invalidKey])
    }

    @Test func aTransportFailureIsANetworkError() {
        // setup
        let client = FlickrClient.fake(FakeFlickr(failure: .network("Couldn't connect to server")))

        // MUT
        let error = flickrError { try client.topPlaces() }

        // validate
        #expect(error == .network("Couldn't connect to server"))
        #expect(error?.description == "Flickr cannot be reached: Couldn't connect to server.")
    }

    @Test func anAnswerOverTheLimitIsANetworkError() {
        // setup
        let body = #"{"stat":"ok","places":{"place":[]},"padding":""# + String(repeating: "x", count: 4 << 20) + #""}"#

        // MUT
        let errors = errors(json: body)

        // validate
        #expect(errors.first == .network("the answer is larger than 4 MiB"))
    }

    @Test func anEndpointThatIsNotAWebAddressIsNeverAsked() {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.topPlaces)
        let settings = FlickrSettings(apiKey: FlickrSamples.key, endpoint: URL(string: "file:///etc/flickr")!)

        // MUT
        let error = flickrError { try FlickrClient(settings: settings, transport: flickr).topPlaces() }

        // validate
        #expect(error == .network("its address is not an http or https URL"))
        #expect(flickr.urls.isEmpty)
    }

    @Test func noKeySaysWhereToEnterOne() {
        // MUT
        let error = flickrError { try FlickrClient.fake(FakeFlickr(json: FlickrSamples.topPlaces), key: "").topPlaces() }

        // validate
        #expect(error?.description == "Flickr needs an API key: the owner can enter one in Settings.")
    }
}
