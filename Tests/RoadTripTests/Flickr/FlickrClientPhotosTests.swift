import Foundation
import Testing
@testable import RoadTrip

@Suite struct FlickrClientPhotosTests {
    /// The photos read from an answer holding `photos`.
    func read(_ photos: [String]) throws -> [FlickrPhoto] {
        try FlickrClient.fake(FakeFlickr(json: FlickrSamples.photos(photos))).photos(inPlace: "7.MJR8tTVrIO1EgB")
    }

    func readOne(_ changes: [String: Any?] = [:]) throws -> FlickrPhoto {
        let photos = try read([FlickrSamples.photo(id: "53001", changes)])
        return try #require(photos.first)
    }

    @Test func photosAskForThePlacesFiftyLatestWithTheirExtras() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.photos([]))

        // MUT
        _ = try FlickrClient.fake(flickr).photos(inPlace: "7.MJR8tTVrIO1EgB")

        // validate
        #expect(
            flickr.parameters() == [
                "method": "flickr.photos.search", "api_key": FlickrSamples.key, "format": "json", "nojsoncallback": "1",
                "place_id": "7.MJR8tTVrIO1EgB", "per_page": "50", "page": "1", "sort": "date-posted-desc",
                "extras": "description,tags,geo,date_taken,owner_name,url_l,url_c,url_z,url_o",
            ])
        #expect(flickr.limits == [4 << 20])
    }

    @Test func everyValueIsPercentEncodedInTheAddress() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.photos([]))

        // MUT
        _ = try FlickrClient.fake(flickr, key: "k+y&=/?#é").photos(inPlace: "a b&c=d+e")

        // validate
        let query = try #require(flickr.urls.first?.absoluteString.split(separator: "?", maxSplits: 1).last)
        #expect(query.contains("&api_key=k%2By%26%3D%2F%3F%23%C3%A9&"))
        #expect(query.contains("&place_id=a%20b%26c%3Dd%2Be&"))
        #expect(query.contains("&extras=description%2Ctags%2Cgeo%2Cdate_taken%2Cowner_name%2Curl_l%2Curl_c%2Curl_z%2Curl_o"))
        #expect(flickr.parameters()["place_id"] == "a b&c=d+e")
        #expect(flickr.parameters()["api_key"] == "k+y&=/?#é")
    }

    @Test func aPhotoIsReadWithEverythingFlickrSaysOfIt() throws {
        // MUT
        let photo = try readOne()

        // validate
        #expect(
            photo
                == FlickrPhoto(
                    id: "53001", owner: "12345678@N00", ownerName: "Ann Walker", title: "Golden Gate at dawn",
                    description: "From the Marin side.", tags: ["bridge", "fog", "sanfrancisco"], takenAt: "2024-10-19T09:12:40",
                    latitude: 37.8199, longitude: -122.4783,
                    large: FlickrImage(
                        url: URL(string: "https://live.staticflickr.com/65535/53001_1e92283336_b.jpg")!, width: 1024, height: 683),
                    original: FlickrImage(
                        url: URL(string: "https://live.staticflickr.com/65535/53001_9a8b7c6d5e_o.jpg")!, width: 6000, height: 4000)
                ))
        #expect(photo.pageURL.absoluteString == "https://www.flickr.com/photos/12345678@N00/53001")
        #expect(photo.displayTitle == "Golden Gate at dawn")
    }

    @Test func theTitleFallsBackToTheDescriptionThenToUnknown() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["title": "", "description": ["_content": "  Fog over the bay "]]),
            FlickrSamples.photo(id: "2", ["title": " ", "description": ["_content": ""]]),
            FlickrSamples.photo(id: "3", ["title": nil, "description": nil]),
        ])

        // validate
        #expect(photos.map(\.displayTitle) == ["Fog over the bay", "Unknown", "Unknown"])
        #expect(photos.map(\.title) == ["", "", ""])
        #expect(photos[0].description == "Fog over the bay")
    }

    @Test func machineTagsAndRepeatsAreLeftOutOfTags() throws {
        // MUT
        let photo = try readOne(["tags": "  geo:lat=37.8 bridge upload:by=app  fog bridge Fog dc:subject=x goldengate "])

        // validate
        #expect(photo.tags == ["bridge", "fog", "goldengate"])
    }

    @Test func theDateTakenIsReadOnlyWhenFlickrKnowsIt() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["datetaken": "2023-02-28 23:59:01"]),
            FlickrSamples.photo(id: "2", ["datetaken": "0000-00-00 00:00:00"]),
            FlickrSamples.photo(id: "3", ["datetaken": nil]),
            FlickrSamples.photo(id: "4", ["datetaken": "2023-02-28 10:00:00", "datetakenunknown": "1"]),
            FlickrSamples.photo(id: "5", ["datetaken": "yesterday at noon"]),
            FlickrSamples.photo(id: "6", ["datetaken": "2023-13-01 10:00:00"]),
            // before, each field was checked on its own and these were kept
            FlickrSamples.photo(id: "7", ["datetaken": "2023-02-31 10:00:00"]),
            FlickrSamples.photo(id: "8", ["datetaken": "2023-04-31 10:00:00"]),
            FlickrSamples.photo(id: "9", ["datetaken": "2024-02-29 10:00:00"]),
        ])

        // validate
        #expect(photos.map(\.takenAt) == ["2023-02-28T23:59:01", nil, nil, nil, nil, nil, nil, nil, "2024-02-29T10:00:00"])
    }

    @Test func aPositionIsKeptOnlyWhenFlickrHasOne() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["latitude": 48.8584, "longitude": 2.2945]),
            FlickrSamples.photo(id: "2", ["latitude": 0, "longitude": 0]),
            FlickrSamples.photo(id: "3", ["latitude": "0", "longitude": "0"]),
            FlickrSamples.photo(id: "4", ["latitude": nil, "longitude": nil]),
            FlickrSamples.photo(id: "5", ["latitude": "48.8584", "longitude": nil]),
            FlickrSamples.photo(id: "6", ["latitude": "91", "longitude": "2"]),
            FlickrSamples.photo(id: "7", ["latitude": "-33.8568", "longitude": 151.2153]),
        ])

        // validate
        #expect(photos.map(\.latitude) == [48.8584, nil, nil, nil, nil, nil, -33.8568])
        #expect(photos.map(\.longitude) == [2.2945, nil, nil, nil, nil, nil, 151.2153])
    }

    @Test func theLargeImageFallsBackToMediumSizes() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["url_l": nil]),
            FlickrSamples.photo(id: "2", ["url_l": nil, "url_c": nil]),
            FlickrSamples.photo(id: "3", ["url_l": nil, "url_c": nil, "url_z": nil]),
            FlickrSamples.photo(id: "4", ["width_l": nil]),
        ])

        // validate
        #expect(
            photos[0].large
                == FlickrImage(url: URL(string: "https://live.staticflickr.com/65535/1_1e92283336_c.jpg")!, width: 800, height: 533))
        #expect(
            photos[1].large
                == FlickrImage(url: URL(string: "https://live.staticflickr.com/65535/2_1e92283336_z.jpg")!, width: 640, height: 427))
        #expect(photos[2].large == nil)
        #expect(photos[3].large?.width == 800)
    }

    @Test func theOriginalIsThereOnlyWhenFlickrOffersIt() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["url_o": nil, "width_o": nil, "height_o": nil]),
            FlickrSamples.photo(id: "2", ["width_o": "6000", "height_o": "4000"]),
        ])

        // validate
        #expect(photos[0].original == nil)
        #expect(
            photos[1].original
                == FlickrImage(url: URL(string: "https://live.staticflickr.com/65535/2_9a8b7c6d5e_o.jpg")!, width: 6000, height: 4000))
    }

    /// Before, any positive size was kept: a 10^14-pixel original reached the viewer's zoom.
    @Test func aSizeNoPictureHasDropsThatImage() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["width_o": "100000000000000", "height_o": "4000"]),
            FlickrSamples.photo(id: "2", ["width_l": 1024, "height_l": 200_000]),
            FlickrSamples.photo(id: "3", ["width_o": "100000", "height_o": "1"]),
        ])

        // validate
        #expect(photos[0].original == nil)
        #expect(photos[1].large?.width == 800, "the Large is dropped, the Medium 800 shown")
        #expect(photos[2].original?.width == 100_000)
    }

    @Test func imagesAreTakenOnlyFromWebAddresses() throws {
        // MUT
        let photo = try readOne([
            "url_l": "javascript:alert(1)", "url_c": "file:///etc/passwd",
            "url_z": "http://farm1.staticflickr.com/2/53001_z.jpg", "url_o": "data:image/png;base64,AAAA",
        ])

        // validate
        #expect(photo.large == FlickrImage(url: URL(string: "http://farm1.staticflickr.com/2/53001_z.jpg")!, width: 640, height: 427))
        #expect(photo.original == nil)
    }

    @Test func numbersAreReadWhetherFlickrSendsThemAsStringsOrNumbers() throws {
        // MUT
        let photos = try read([
            FlickrSamples.photo(id: "1", ["width_l": 1024, "height_l": 683, "latitude": 37.8199, "longitude": -122.4783]),
            FlickrSamples.photo(id: "2", ["width_l": "1024", "height_l": "683", "latitude": "37.8199", "longitude": "-122.4783"]),
            FlickrSamples.photo(id: "3", ["width_l": 1024.0, "height_l": "683.0", "latitude": "37.8199", "longitude": "-122.4783"]),
        ])

        // validate
        #expect(photos.map(\.large?.width) == [1024, 1024, 1024])
        #expect(photos.map(\.large?.height) == [683, 683, 683])
        #expect(photos.map(\.latitude) == [37.8199, 37.8199, 37.8199])
        #expect(photos.map(\.longitude) == [-122.4783, -122.4783, -122.4783])
    }

    @Test func atMostFiftyPhotosAreKeptInFlickrsOrder() throws {
        // setup
        let ids = (1...60).map { String(90_000 - $0) }

        // MUT
        let photos = try read(ids.map { FlickrSamples.photo(id: $0) })

        // validate
        #expect(photos.map(\.id) == Array(ids.prefix(50)))
    }

    @Test func photosWithoutAnIdAreLeftOut() throws {
        // MUT
        let photos = try read([FlickrSamples.photo(id: "1", ["id": nil]), FlickrSamples.photo(id: "2"), FlickrSamples.photo(id: "")])

        // validate
        #expect(photos.map(\.id) == ["2"])
    }

    @Test func anEmptyPlaceIdHasNoPhotosAndAsksNothing() throws {
        // setup
        let flickr = FakeFlickr(json: FlickrSamples.photos([FlickrSamples.photo(id: "1")]))

        // MUT
        let photos = try FlickrClient.fake(flickr).photos(inPlace: " ")

        // validate
        #expect(photos.isEmpty)
        #expect(flickr.urls.isEmpty)
    }

    @Test func aPhotoKeptAsJSONComesBackTheSame() throws {
        // setup
        let photo = try readOne()

        // MUT
        let copy = try JSONDecoder().decode(FlickrPhoto.self, from: JSONEncoder().encode(photo))

        // validate
        #expect(copy == photo)
        #expect(copy.pageURL == photo.pageURL)
    }
}
