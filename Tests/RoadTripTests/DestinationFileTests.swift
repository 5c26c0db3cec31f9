import Foundation
import Testing
@testable import RoadTrip

@Suite struct DestinationFileTests {
    private static func fixture(_ name: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(name)
    }

    @Test func demoCatalogueReadsAsTheBooksTwoDestinations() throws {
        // MUT
        let records = try DestinationFile.read(contentsOf: Self.fixture("Destinations.plist"))

        // validate
        try #require(records.count == 2)
        let newYork = records[0], sanFrancisco = records[1]
        #expect(newYork.name == "New York City")
        #expect(newYork.imageName == "NewYorkCity.svg")
        #expect(newYork.locationTitle == "New York City")
        #expect(newYork.locationSubtitle == "The Big Apple")
        #expect(newYork.coordinate == Coordinate(latitude: 40.7128, longitude: -74.006))
        #expect(newYork.weatherURL == "https://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.006")
        #expect(newYork.eventURLs.count == 4)
        #expect(newYork.eventURLs.allSatisfy { $0.hasPrefix("https://") })
        #expect(newYork.eventURLs.first == "https://www.nycgo.com/things-to-do/events-in-nyc/")
        #expect(newYork.pointsOfInterest.map(\.title) == ["Statue of Liberty", "Central Park", "Empire State Building"])
        #expect(newYork.pointsOfInterest[0].coordinate == Coordinate(latitude: 40.689247, longitude: -74.044502))
        #expect(sanFrancisco.name == "San Francisco")
        #expect(sanFrancisco.imageName == "SanFrancisco.svg")
        #expect(sanFrancisco.locationSubtitle == "The City by the Bay")
        #expect(sanFrancisco.coordinate == Coordinate(latitude: 37.7749, longitude: -122.4194))
        #expect(sanFrancisco.weatherURL == "https://forecast.weather.gov/MapClick.php?lat=37.7749&lon=-122.4194")
        #expect(sanFrancisco.eventURLs.count == 4)
        #expect(sanFrancisco.pointsOfInterest.map(\.title) == ["Golden Gate Bridge", "Alcatraz Island", "Fisherman's Wharf"])
        #expect(sanFrancisco.pointsOfInterest[2].coordinate == Coordinate(latitude: 37.808, longitude: -122.417743))
        #expect(records.flatMap(\.pointsOfInterest).allSatisfy { !$0.subtitle.isEmpty })
    }

    @Test func shippedDemoCatalogueIsTheTestedFixture() throws {
        // MUT: the catalogue bundled with the RoadTrip module, as `serve` loads it.
        let shipped = try DestinationCatalog.demoRecords()

        // validate
        #expect(shipped == (try DestinationFile.read(contentsOf: Self.fixture("Destinations.plist"))))
    }

    @Test func sameCatalogueAsJSONReadsEqually() throws {
        let fromPlist = try DestinationFile.read(contentsOf: Self.fixture("Destinations.plist"))
        let fromJSON = try DestinationFile.read(contentsOf: Self.fixture("Destinations.json"))
        #expect(fromJSON == fromPlist)
    }

    @Test func bookStyleStringAndIntegerCoordinatesAndANumericSubtitleAreAccepted() throws {
        // setup: the book's own quirks, plus unknown keys, padded strings and no POIs.
        let bookStyle = """
                <dict>
                    <key>DestinationName</key>
                    <string>
                        New York City
                    </string>
                    <key>DestinationImage</key>
                    <string>NYC.png</string>
                    <key>DestinationLocation</key>
                    <dict>
                        <key>Title</key>
                        <string>  Manhattan </string>
                        <key>Subtitle</key>
                        <real>0</real>
                        <key>Latitude</key>
                        <string> 40.689244 </string>
                        <key>Longitude</key>
                        <integer>-74</integer>
                        <key>Zoom</key>
                        <array><date>2011-01-01T00:00:00Z</date><data>AAAA</data><true/></array>
                    </dict>
                    <key>Events</key>
                    <array/>
                    <key>Weather</key>
                    <string>http://forecast.weather.gov/</string>
                    <key>Notes</key>
                    <dict><key>x</key><real>1.5e3</real></dict>
                </dict>
            """
        let document = DestinationSample.plist([bookStyle, DestinationSample.sanFrancisco])

        // MUT
        let records = try DestinationFile.parse(Data(document.utf8), format: .propertyList)

        // validate
        #expect(records.count == 2)
        #expect(records[0].name == "New York City")
        #expect(records[0].locationTitle == "Manhattan")
        #expect(records[0].locationSubtitle == "0")
        #expect(records[0].coordinate == Coordinate(latitude: 40.689244, longitude: -74))
        #expect(records[0].eventURLs.isEmpty)
        #expect(records[0].pointsOfInterest.isEmpty)
        #expect(records[1].locationSubtitle == "")
        #expect(records[1].coordinate == Coordinate(latitude: 37.7749, longitude: -122))
        #expect(records[1].pointsOfInterest.isEmpty)
    }

    @Test func jsonTakesNumericStringsAndEmptyEvents() throws {
        let data = DestinationSample.json {
            $0["DestinationLocation"] = ["Title": "NYC", "Latitude": "40.7128", "Longitude": "-74.006", "Subtitle": 7]
            $0["Events"] = [String]()
            $0["POIs"] = nil
        }
        let records = try DestinationFile.parse(data, format: .json)
        #expect(records.count == 1)
        #expect(records[0].coordinate == Coordinate(latitude: 40.7128, longitude: -74.006))
        #expect(records[0].locationSubtitle == "7")
        #expect(records[0].eventURLs.isEmpty)
        #expect(records[0].pointsOfInterest.isEmpty)
    }

    @Test func hostileStringsAreKeptVerbatimAsData() throws {
        // setup
        let name = #"<script>alert("x")</script> & 'quotes'"#
        let escapedName = #"&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'quotes'"#
        let url = #"https://example.com/?q="><img/src=x/onerror=alert('1')>"#
        let escapedURL = #"https://example.com/?q="&gt;&lt;img/src=x/onerror=alert('1')&gt;"#
        var document = try DestinationSample.plist(replacing: "<string>New York City</string>", with: "<string>\(escapedName)</string>")
        document = document.replacingOccurrences(of: "http://example.com/a", with: escapedURL)
        document = document.replacingOccurrences(
            of: "<string>The Big Apple</string>", with: "<string><![CDATA[<b>Big</b> \"Apple\"]]></string>")

        // MUT
        let fromPlist = try DestinationFile.parse(Data(document.utf8), format: .propertyList)
        let fromJSON = try DestinationFile.parse(
            DestinationSample.json {
                $0["DestinationName"] = name; $0["Events"] = [url]
            }, format: .json)

        // validate
        #expect(fromPlist[0].name == name)
        #expect(fromPlist[0].eventURLs[1] == url)
        #expect(fromPlist[0].locationSubtitle == #"<b>Big</b> "Apple""#)
        #expect(fromJSON[0].name == name)
        #expect(fromJSON[0].eventURLs == [url])
    }

    @Test func formatIsSniffedWhenTheExtensionSaysNothing() throws {
        // setup
        let folder = try DestinationSample.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plistFile = folder.appendingPathComponent("catalogue.txt")
        let jsonFile = folder.appendingPathComponent("catalogue")
        try Data("\u{FEFF}\(DestinationSample.plist())".utf8).write(to: plistFile)
        try (Data(" \n".utf8) + DestinationSample.json()).write(to: jsonFile)

        // MUT + validate
        #expect(try DestinationFile.read(contentsOf: plistFile).count == 2)
        #expect(try DestinationFile.read(contentsOf: jsonFile).count == 1)
    }

    @Test func errorsReadWithFileLineAndKeyPath() {
        let full = DestinationFileError(
            fileName: "Destinations.plist", line: 18,
            keyPath: "DestinationData[0].DestinationLocation.Latitude", reason: #"expected a number, found "abc""#
        )
        #expect(
            full.description
                == #"Destinations.plist, line 18: DestinationData[0].DestinationLocation.Latitude: expected a number, found "abc""#)
        #expect(
            DestinationFileError(fileName: "a.json", keyPath: "DestinationData", reason: "holds no destinations").description
                == "a.json: DestinationData: holds no destinations")
        #expect(DestinationFileError(reason: "the file is empty").description == "the file is empty")
    }

    @Test func readingABadFileNamesTheFileTheLineAndTheKeyPath() throws {
        // setup
        let folder = try DestinationSample.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Destinations.plist")
        let document = try DestinationSample.plist(replacing: "<real>40.7128</real>", with: "<string>abc</string>")
        try Data(document.utf8).write(to: file)
        let line = try #require(DestinationSample.line(of: "<string>abc</string>", in: document))

        // MUT
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.read(contentsOf: file) }

        // validate
        #expect(
            error?.description
                == #"Destinations.plist, line \#(line): DestinationData[0].DestinationLocation.Latitude: expected a number, found "abc""#)
    }

    @Test func aBrokenLaterDestinationRefusesTheWholeFile() throws {
        let document = try DestinationSample.plist(
            replacing: "<string>https://www.sftravel.com/events</string>", with: "<string>htttp://x</string>")
        var records: [DestinationRecord]?
        let error = #expect(throws: DestinationFileError.self) {
            records = try DestinationFile.parse(Data(document.utf8), format: .propertyList)
        }
        #expect(records == nil)
        #expect(error?.keyPath == "DestinationData[1].Events[0]")
        #expect(error?.reason == #""htttp://x" is not an http(s) URL"#)
    }
}
