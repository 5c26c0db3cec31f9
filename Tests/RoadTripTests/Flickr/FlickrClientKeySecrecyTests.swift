import Foundation
import Testing
@testable import RoadTrip

/// The key must never reach a page or a log line, wherever a message came from.
@Suite struct FlickrClientKeySecrecyTests {
    static let key = "Zq7-SECRET-flickr-KEY+/="

    @Test func aTransportErrorQuotingTheAddressDoesNotShowTheKey() throws {
        // setup
        let encoded = "Zq7-SECRET-flickr-KEY%2B%2F%3D"
        let reasons = [
            "Failed to connect to https://flickr.test/services/rest/?method=x&api_key=\(encoded)&format=json",
            "Redirected to https://flickr.test/login?key=Zq7-SECRET-flickr-KEY%2b%2f%3d",
            "the key \(Self.key) was refused",
        ]

        for reason in reasons {
            let client = FlickrClient.fake(FakeFlickr(failure: .network(reason)), key: Self.key)

            // MUT
            let error = try #require(flickrError { try client.topPlaces() })

            // validate
            #expect(!error.description.contains("SECRET"), "\(error)")
            #expect(!"\(error)".contains("SECRET"))
            #expect(error.description.hasPrefix("Flickr cannot be reached: "))
        }
    }

    @Test func flickrsOwnMessageDoesNotShowTheKey() throws {
        // setup
        let answers = [
            FlickrSamples.failure(code: 1, message: "Key Zq7-SECRET-flickr-KEY+/= is not allowed this call"),
            FlickrSamples.failure(code: 105, message: "Unavailable for Zq7-SECRET-flickr-KEY%2B%2F%3D"),
        ]

        for answer in answers {
            let client = FlickrClient.fake(FakeFlickr(json: answer), key: Self.key)

            // MUT
            let error = try #require(flickrError { try client.photos(inPlace: "p") })

            // validate
            #expect(!error.description.contains("SECRET"), "\(error)")
        }
    }

    @Test func anAddressThatReachedAReasonUnredactedStillHidesItsKey() {
        // setup
        let error = FlickrError.network("GET http://127.0.0.1:9/rest/?method=m&api_key=0ddb4110c0ffee&format=json failed")

        // MUT
        let line = error.description

        // validate
        #expect(!line.contains("0ddb4110c0ffee"))
        #expect(line == "Flickr cannot be reached: GET http://127.0.0.1:9/rest/?method=m&api_key=•••&format=json failed.")
    }

    @Test func everyErrorIsOneShortLine() {
        // setup
        let long = String(repeating: "very ", count: 100)
        let errors: [FlickrError] = [
            .noKey, .invalidKey, .rateLimited, .unavailable("down\nfor\r\nmaintenance."), .network("reset\u{2028}by peer\u{202E}"),
            .badAnswer(long), .badAnswer(""),
        ]

        // MUT
        let lines = errors.map(\.description)

        // validate
        for line in lines {
            #expect(!line.contains { $0.isNewline }, "\(line)")
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .format }, "\(line)")
            #expect(line.count < 300, "\(line)")
            #expect(!line.hasSuffix(".."))
        }
        #expect(lines[3] == "Flickr is not available right now (down for maintenance).")
        #expect(lines[6] == "Flickr sent an answer RoadTrip does not understand (no details).")
    }
}
