@testable import RoadTrip
import Testing

/// Google Takeout's sidecars: which is whose, under every name Google gives them, and what one says.
@Suite struct TakeoutSidecarTests {
    @Test(arguments: [
        // The plain name, and the one of Takeouts since 2024.
        ("IMG_1234.JPG", ["IMG_1234.JPG.json", "IMG_1235.JPG.json"], "IMG_1234.JPG.json"),
        ("IMG_1234.JPG", ["IMG_1234.JPG.supplemental-metadata.json"], "IMG_1234.JPG.supplemental-metadata.json"),
        // Cut to 51 characters in all.
        (
            "IMG_20190805_123456789_BURST001_COVER.jpg", ["IMG_20190805_123456789_BURST001_COVER.jpg.suppl.json"],
            "IMG_20190805_123456789_BURST001_COVER.jpg.suppl.json"
        ),
        ("IMG_1234.JPG", ["IMG_1234.JPG.supplemental-met.json"], "IMG_1234.JPG.supplemental-met.json"),
        (
            "A long title of an evening walk along the Seine at dusk.jpg", ["A long title of an evening walk along the Sein.json"],
            "A long title of an evening walk along the Sein.json"
        ),
        // The counter of a second file of the same name, moved behind the extension.
        ("IMG_1234(1).JPG", ["IMG_1234.JPG.json", "IMG_1234.JPG(1).json"], "IMG_1234.JPG(1).json"),
        ("IMG_1234.JPG", ["IMG_1234.JPG(1).json", "IMG_1234.JPG.json"], "IMG_1234.JPG.json"),
        (
            "IMG_1234(2).JPG", ["IMG_1234.JPG.supplemental-metadata(2).json", "IMG_1234.JPG.supplemental-metadata.json"],
            "IMG_1234.JPG.supplemental-metadata(2).json"
        ),
        // Without the extension; an edited copy described by its original's.
        ("IMG_1234.JPG", ["IMG_1234.json"], "IMG_1234.json"),
        ("IMG_1234-edited.JPG", ["IMG_1234.JPG.json"], "IMG_1234.JPG.json"),
        ("IMG_1234-bearbeitet.jpg", ["IMG_1234.jpg.supplemental-metadata.json"], "IMG_1234.jpg.supplemental-metadata.json"),
        ("IMG_1234-modifié.jpg", ["IMG_1234.jpg.json"], "IMG_1234.jpg.json"),
        ("IMG_1234(1)-edited.jpg", ["IMG_1234.jpg.json", "IMG_1234.jpg(1).json"], "IMG_1234.jpg(1).json"),
        // Motion Photos' names are names like any other.
        (
            "PXL_20230704_101500123.MP.jpg", ["PXL_20230704_101500123.MP.jpg.supplemental-metadata.json"],
            "PXL_20230704_101500123.MP.jpg.supplemental-metadata.json"
        ),
    ])
    func aPhotosSidecarIsFoundUnderEachNameGoogleGivesIt(photo: String, sidecars: [String], expected: String) {
        #expect(TakeoutNames.sidecar(for: photo, among: sidecars) == expected)
    }

    @Test(arguments: [
        ("IMG_9999.JPG", ["IMG_1234.JPG.json"]),
        ("IMG_12.JPG", ["IMG_1.JPG.json"]),
        ("IMG_1.JPG", ["IMG_12.JPG.json", "IMG_1.JPG(1).json"]),
        ("IMG_1234.JPG", ["IMG.json", "IMG_1234.J.json"]),
        ("IMG_1234(1).JPG", ["IMG_1234.JPG.json"]),
    ])
    func anotherPhotosSidecarIsNeverTaken(photo: String, sidecars: [String]) {
        #expect(TakeoutNames.sidecar(for: photo, among: sidecars) == nil)
    }

    @Test func editedCopiesAreKnownInTheLanguagesTakeoutsAreMadeIn() {
        #expect(TakeoutNames.original(ofEdited: "IMG_1234-edited.JPG") == "IMG_1234.JPG")
        #expect(TakeoutNames.original(ofEdited: "IMG_1234-editado.jpeg") == "IMG_1234.jpeg")
        #expect(TakeoutNames.original(ofEdited: "IMG_1234-編集済み.jpg") == "IMG_1234.jpg")
        #expect(TakeoutNames.original(ofEdited: "IMG_1234.JPG") == nil)
        #expect(!TakeoutNames.isEditedCopy("My-edited-photos.jpg"))
    }

    @Test func aSidecarSaysWhenWhereWhatAndWhetherAFavourite() throws {
        let json = """
            {
              "title": "IMG_1234.JPG",
              "description": "  Sunset over the harbour \\u2014\\n Lisbon\\u202E  ",
              "imageViews": "12",
              "creationTime": { "timestamp": "1700000000", "formatted": "14 Nov 2023, 22:13:20 UTC" },
              "photoTakenTime": { "timestamp": "1559990000", "formatted": "8 Jun 2019, 10:33:20 UTC" },
              "geoData": { "latitude": 0.0, "longitude": 0.0, "altitude": 0.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0 },
              "geoDataExif": { "latitude": 38.7071, "longitude": -9.1355, "altitude": 12.0 },
              "people": [ { "name": "Ann" } ],
              "favorited": true,
              "googlePhotosOrigin": { "mobileUpload": { "deviceType": "ANDROID_PHONE" } }
            }
            """
        let sidecar = try TakeoutSidecar(json: Array(json.utf8))
        #expect(sidecar.title == "IMG_1234.JPG" && sidecar.description == "Sunset over the harbour — Lisbon")
        #expect(sidecar.takenAt == 1_559_990_000 && sidecar.favorited)
        #expect(sidecar.latitude == 38.7071 && sidecar.longitude == -9.1355, "0,0 is Google's none: the EXIF position is taken")
    }

    @Test func whatASidecarDoesNotSayOrSaysImpossiblyIsNone() throws {
        let sidecar = try TakeoutSidecar(
            json: Array(
                #"""
                {"title": "", "description": 42, "photoTakenTime": {"timestamp": "99999999999999"}, "geoData": {"latitude": 91, \#
                "longitude": 2},
                 "geoDataExif": [1, 2], "favorited": "yes"}
                """#.utf8))
        #expect(sidecar == TakeoutSidecar())
        #expect(try TakeoutSidecar(json: Array(#"{"photoTakenTime": {"timestamp": 1559990000.9}}"#.utf8)).takenAt == 1_559_990_000)
        #expect(try TakeoutSidecar(json: Array(#"{"photoTakenTime": {"timestamp": "-631152000"}}"#.utf8)).takenAt == -631_152_000, "1950")
    }

    @Test(arguments: ["", "[]", "{\"title\": \"x\"", "{\"title\": \"x\"} {}", "{\"a\": \(String(repeating: "[", count: 100))", "\u{FF}"])
    func aSidecarThatIsNoJSONObjectIsRefused(json: String) {
        #expect(throws: TrackFileError.self) { try TakeoutSidecar(json: Array(json.utf8)) }
    }

    @Test func aSidecarLargerThanAnyGoogleWritesIsRefusedUnread() {
        let large = Array("{\"description\": \"\(String(repeating: "x", count: TakeoutSidecar.byteLimit))\"}".utf8)
        #expect(throws: TrackFileError(reason: "a sidecar of \(large.count) bytes is more than the \(TakeoutSidecar.byteLimit) read")) {
            try TakeoutSidecar(json: large)
        }
    }
}
