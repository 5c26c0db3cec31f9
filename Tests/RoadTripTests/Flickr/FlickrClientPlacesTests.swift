import Foundation
import Testing
@testable import RoadTrip

@Suite struct FlickrClientPlacesTests {
    @Test func topPlacesAsksFlickrForLocalitiesInJSONWithTheKey() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.topPlaces)

        // MUT
        _ = try FlickrClient.fake(flickr).topPlaces()

        // validate
        let url = try #require(flickr.urls.first)
        #expect(flickr.urls.count == 1)
        #expect(url.absoluteString.hasPrefix("https://flickr.test/services/rest/?"))
        #expect(
            flickr.parameters() == [
                "method": "flickr.places.getTopPlacesList", "api_key": FlickrSamples.key, "format": "json",
                "nojsoncallback": "1", "place_type_id": "7",
            ])
        #expect(flickr.limits == [4 << 20])
    }

    @Test func topPlacesAreSortedByCountryThenNameIgnoringCaseAndAccents() throws {
        // setup
        let places = [
            ("Faro", "Portugal"), ("San Francisco", "California, United States"), ("Evoramonte", "Portugal"),
            ("Braga", "Portugal"), ("Mariehamn", "Åland Islands"), ("Évora", "Portugal"), ("amadora", "Lisbon, Portugal"),
            ("Berlin", "Germany"),
        ].enumerated().map { index, place in
            #"{"place_id":"p\#(index)","_content":"\#(place.0), \#(place.1)","woe_name":"\#(place.0)","photo_count":"1"}"#
        }
        let flickr = FakeFlickr(json: #"{"places":{"place":[\#(places.joined(separator: ","))]},"stat":"ok"}"#)

        // MUT
        let sorted = try FlickrClient.fake(flickr).topPlaces()

        // validate
        #expect(sorted.map(\.name) == ["Mariehamn", "Berlin", "amadora", "Braga", "Évora", "Evoramonte", "Faro", "San Francisco"])
        #expect(
            sorted.map(\.country) == [
                "Åland Islands", "Germany", "Portugal", "Portugal", "Portugal", "Portugal", "Portugal", "United States",
            ])
    }

    @Test func aPlaceHasItsCityAsNameAndTheRestOfItsFullNameAsSubtitle() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.topPlaces)

        // MUT
        let places = try FlickrClient.fake(flickr).topPlaces()

        // validate
        #expect(
            places.last
                == FlickrPlace(
                    id: "7.MJR8tTVrIO1EgB", name: "San Francisco", subtitle: "California, United States",
                    country: "United States", photoCount: 1234
                ))
        let london = try #require(places.first { $0.name == "London" })
        #expect(london.subtitle == "England, United Kingdom")
        #expect(london.photoCount == 987)
        #expect(places.first { $0.name == "Évora" }?.subtitle == "Évora, Portugal")
    }

    @Test func aPlaceWithoutWoeNameIsNamedByTheFirstPartOfItsFullName() throws {
        // setup
        let flickr = FakeFlickr(
            json: """
                {"places":{"place":[{"place_id":"abc","_content":"Kyoto, Kyoto Prefecture, Japan","photo_count":"x"}]},"stat":"ok"}
                """)

        // MUT
        let places = try FlickrClient.fake(flickr).topPlaces()

        // validate
        #expect(places == [FlickrPlace(id: "abc", name: "Kyoto", subtitle: "Kyoto Prefecture, Japan", country: "Japan", photoCount: 0)])
    }

    @Test func placesWithoutAnIdOrANameAreLeftOut() throws {
        // setup
        let flickr = FakeFlickr(
            json: """
                {"places":{"place":[
                  {"_content":"Oslo, Norway","woe_name":"Oslo","photo_count":"3"},
                  {"place_id":"","_content":"Bergen, Norway","woe_name":"Bergen"},
                  {"place_id":"n1","_content":"  ","woe_name":""},
                  {"place_id":"n2","_content":"Tromsø, Troms, Norway","woe_name":"Tromsø","photo_count":"5"}
                ]},"stat":"ok"}
                """)

        // MUT
        let places = try FlickrClient.fake(flickr).topPlaces()

        // validate
        #expect(places.map(\.id) == ["n2"])
    }

    @Test func anEmptyPlaceListIsNoPlaces() throws {
        // setup
        let flickr = FakeFlickr(json: #"{"places":{"total":0,"place":[]},"stat":"ok"}"#)

        // MUT
        let places = try FlickrClient.fake(flickr).topPlaces()

        // validate
        #expect(places.isEmpty)
    }

    @Test func withoutAKeyFlickrIsNotAsked() {
        for key in ["", "  \n"] {
            // setup
            let flickr = FakeFlickr(json: FlickrSamples.topPlaces)

            // MUT
            let error = flickrError { try FlickrClient.fake(flickr, key: key).topPlaces() }

            // validate
            #expect(error == .noKey)
            #expect(flickr.urls.isEmpty)
        }
    }

    @Test func theKeyIsSentWithoutSurroundingWhitespace() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.topPlaces)

        // MUT
        _ = try FlickrClient.fake(flickr, key: "  \(FlickrSamples.key)\n").topPlaces()

        // validate
        #expect(flickr.parameters()["api_key"] == FlickrSamples.key)
    }
}

/// The error `work` threw, or nil when it succeeded. Any error but a `FlickrError` fails the test.
func flickrError<Value>(_ work: () throws -> Value) -> FlickrError? {
    do {
        _ = try work()
        return nil
    } catch let error as FlickrError {
        return error
    } catch {
        Issue.record("not a FlickrError: \(error)")
        return nil
    }
}
