import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct DestinationImageTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    private static func record(name: String, imageName: String) -> DestinationRecord {
        DestinationRecord(
            name: name, imageName: imageName, locationTitle: name, locationSubtitle: "",
            coordinate: Coordinate(latitude: 10, longitude: 20)!, weatherURL: "https://example.com/weather",
            eventURLs: [], pointsOfInterest: []
        )
    }

    @Test func demoPicturesAreServedAsSVG() throws {
        for name in ["New York City", "San Francisco"] {
            // setup
            let destination = try web.destination(named: name)

            // MUT
            let response = ann.get(Route.destinationImage(id: destination.id).path)

            // validate
            #expect(response.status == .ok, "\(name)")
            #expect(response.headers["Content-Type"] == "image/svg+xml", "\(name)")
            let bundled = try AssetCatalog.bundled().destinationImages.appendingPathComponent(destination.imageName)
            #expect(response.bodyText == (try String(contentsOf: bundled, encoding: .utf8)), "\(name) keeps its own picture")
        }
    }

    @Test func aPictureInTheDataFolderOverridesTheDemoPicture() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        let images = web.folder.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let own = #"<svg xmlns="http://www.w3.org/2000/svg"><title>my own picture</title></svg>"#
        try Data(own.utf8).write(to: images.appendingPathComponent(newYork.imageName))

        // MUT
        let response = ann.get(Route.destinationImage(id: newYork.id).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.bodyText == own)
    }

    @Test func anImportedPictureInTheDataFolderIsServedWithItsType() throws {
        // setup
        try web.library.catalog.importRecords([Self.record(name: "Lisbon", imageName: "Lisbon.png")])
        let lisbon = try web.destination(named: "Lisbon")
        let images = web.folder.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        try Data(png).write(to: images.appendingPathComponent("Lisbon.png"))

        // MUT
        let response = ann.get(Route.destinationImage(id: lisbon.id).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(response.bodyBytes == png)
    }

    @Test func aDestinationWhosePictureIsMissingGetsADrawnPlaceholder() throws {
        // setup
        try web.library.catalog.importRecords([Self.record(name: "São Paulo <img src=x onerror=alert(1)>", imageName: "SaoPaulo.png")])
        let saoPaulo = try #require(try web.library.catalog.all().first { $0.imageName == "SaoPaulo.png" })

        // MUT
        let response = ann.get(Route.destinationImage(id: saoPaulo.id).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.picturePolicy, "a drawing runs nothing either")
        let svg = response.bodyText
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(svg)")
        #expect(svg.contains(">SP</text>"), "\(svg)")
        #expect(svg.contains("<title>São Paulo &lt;img src=x onerror=alert(1)&gt;</title>"), "\(svg)")
        #expect(!svg.contains("<img"), "\(svg)")
        #expect(svg.contains("fill=\"hsl(\(PlaceholderPicture(name: saoPaulo.name).hue), 45%, 38%)\""), "\(svg)")
    }

    @Test func aPictureOfAnUnsupportedTypeGetsThePlaceholderToo() throws {
        // setup: a file of the unsupported type exists, so only the type can refuse it.
        try web.library.catalog.importRecords([Self.record(name: "Odd", imageName: "Odd.txt")])
        let images = web.folder.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("text".utf8).write(to: images.appendingPathComponent("Odd.txt"))

        // MUT
        let response = ann.get(Route.destinationImage(id: try web.destination(named: "Odd").id).path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.bodyText.contains(">O</text>"))
        #expect(!response.bodyText.contains("text</"))
    }

    @Test func aDestinationThatDoesNotExistHasNoPicture() throws {
        // MUT
        let response = ann.get(Route.destinationImage(id: 999_999).path)

        // validate
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func anImageNameThatIsAPathIsNeverFollowed() throws {
        // setup: names the file validator would refuse, stored directly.
        let secret = web.folder.appendingPathComponent("secret.svg")
        try Data("<svg>secret</svg>".utf8).write(to: secret)
        try web.library.catalog.importRecords([
            Self.record(name: "Up", imageName: "../secret.svg"),
            Self.record(name: "Absolute", imageName: secret.path),
        ])

        for name in ["Up", "Absolute"] {
            // MUT
            let response = ann.get(Route.destinationImage(id: try web.destination(named: name).id).path)

            // validate: the placeholder, never the file the path points at
            #expect(response.status == .ok, "\(name)")
            #expect(response.bodyText.contains(">\(name.prefix(1))</text>"), "\(name)")
            #expect(!response.bodyText.contains("secret"), "\(name)")
        }
    }
}
