import Foundation
import Testing
@testable import RoadTrip

extension DestinationFileTests {
    /// One edit of the sample plist and the refusal it must cause.
    struct PlistRefusal: Sendable, CustomTestStringConvertible {
        var target: String
        var replacement: String
        var keyPath: String?
        var reason: String
        /// Text on the line the error must name; nil when the error names no line.
        var lineOf: String?
        /// XML syntax errors end with the column libxml2 reports, which only it can say.
        var columnFollows: Bool

        var testDescription: String { "\(keyPath ?? "file"): \(reason)" }

        init(
            _ target: String, _ replacement: String, _ keyPath: String?, _ reason: String,
            lineOf: String? = nil, columnFollows: Bool = false
        ) {
            self.target = target
            self.replacement = replacement
            self.keyPath = keyPath
            self.reason = reason
            self.lineOf = lineOf ?? replacement
            self.columnFollows = columnFollows
        }
    }

    static let nameField = "DestinationData[0].DestinationName"
    static let latitudeField = "DestinationData[0].DestinationLocation.Latitude"
    static let longName = String(repeating: "n", count: 201)
    static let longImage = String(repeating: "i", count: 252) + ".svg"
    static let longURL = "https://example.com/" + String(repeating: "p", count: 2029)

    static let plistRefusals: [PlistRefusal] = [
        .init("<real>40.7128</real>", "<string>abc</string>", latitudeField, #"expected a number, found "abc""#),
        .init("<real>40.7128</real>", "<string>nan</string>", latitudeField, #"expected a number, found "nan""#),
        .init("<real>40.7128</real>", "<true/>", latitudeField, "expected a number, found true"),
        .init("<real>40.7128</real>", "<real>90.5</real>", latitudeField, "90.5 is outside -90...90"),
        .init("<real>40.7128</real>", "<real>1e999</real>", latitudeField, "1e999 is not a finite number"),
        .init("<real>40.7128</real>", "<real>4O.7</real>", latitudeField, #"<real> holds "4O.7", not a number"#),
        .init(
            "<real>-74.006</real>", "<integer>-181</integer>", "DestinationData[0].DestinationLocation.Longitude",
            "-181 is outside -180...180"),
        .init(
            "<string>37.7749</string>", "<string>0x25</string>", "DestinationData[1].DestinationLocation.Latitude",
            #"expected a number, found "0x25""#),
        .init(
            "<string>40.689244</string>", "<string>40.68.9</string>", "DestinationData[0].POIs[0].Latitude",
            #"expected a number, found "40.68.9""#),
        .init("<string>Statue of Liberty</string>", "<string> </string>", "DestinationData[0].POIs[0].Title", "must not be empty"),
        .init(
            "<key>DestinationName</key>", "<key>DestinationTitle</key>", nameField, "required but missing", lineOf: "<!-- New York City -->"
        ),
        .init(
            "<string>New York City</string>", "<string> <!-- blank -->\n </string>", nameField, "must not be empty",
            lineOf: "<!-- blank -->"),
        .init(
            "<string>New York City</string>", "<string>\(longName)</string>", nameField, "is 201 characters long; at most 200 are allowed"),
        .init("<string>New York City</string>", "<string>New&#9;York</string>", nameField, "contains a control character (U+0009)"),
        .init(
            "<string>San Francisco</string>", "<string>new york CITY</string>", "DestinationData[1].DestinationName",
            #""new york CITY" repeats the name of DestinationData[0]"#),
        .init(
            "<string>NewYorkCity.svg</string>", "<string>../secret.svg</string>", "DestinationData[0].DestinationImage",
            #""../secret.svg" is not a plain file name"#),
        .init(
            "<string>NewYorkCity.svg</string>", "<string>images/a.svg</string>", "DestinationData[0].DestinationImage",
            #""images/a.svg" is not a plain file name"#),
        .init(
            "<string>NewYorkCity.svg</string>", #"<string>C:\a.svg</string>"#, "DestinationData[0].DestinationImage",
            #""C:\\a.svg" is not a plain file name"#),
        .init(
            "<string>NewYorkCity.svg</string>", "<string>.svg</string>", "DestinationData[0].DestinationImage",
            #"".svg" is not a plain file name"#),
        .init(
            "<string>NewYorkCity.svg</string>", "<string>\(longImage)</string>", "DestinationData[0].DestinationImage",
            "the file name is longer than 255 bytes"),
        .init(
            "<key>DestinationImage</key>", "<key>Image</key>", "DestinationData[0].DestinationImage", "required but missing",
            lineOf: "<!-- New York City -->"),
        .init(
            "<key>DestinationLocation</key>", "<key>Location</key>", "DestinationData[0].DestinationLocation", "required but missing",
            lineOf: "<!-- New York City -->"),
        .init("<string>Manhattan</string>", "<string></string>", "DestinationData[0].DestinationLocation.Title", "must not be empty"),
        .init(
            "<string>The Big Apple</string>", "<false/>", "DestinationData[0].DestinationLocation.Subtitle",
            "expected a string, found false"),
        .init(
            "<key>Title</key>", "<key>Name</key>", "DestinationData[0].DestinationLocation.Title", "required but missing",
            lineOf: "<!-- New York location -->"),
        .init("<key>Latitude</key>", "<key>Lat</key>", latitudeField, "required but missing", lineOf: "<!-- New York location -->"),
        .init("http://example.com/a", "htttp://x", "DestinationData[0].Events[1]", #""htttp://x" is not an http(s) URL"#),
        .init(
            "http://example.com/a", "javascript:alert(1)", "DestinationData[0].Events[1]", #""javascript:alert(1)" is not an http(s) URL"#),
        .init("http://example.com/a", "/events/today", "DestinationData[0].Events[1]", #""/events/today" is not an http(s) URL"#),
        .init("http://example.com/a", "//example.com/a", "DestinationData[0].Events[1]", #""//example.com/a" is not an http(s) URL"#),
        .init("http://example.com/a", "http:///a", "DestinationData[0].Events[1]", #""http:///a" is not an http(s) URL"#),
        .init(
            "http://example.com/a", "ftp://example.com/a", "DestinationData[0].Events[1]", #""ftp://example.com/a" is not an http(s) URL"#),
        .init(
            "http://example.com/a", "https://exa mple.com/", "DestinationData[0].Events[1]",
            #""https://exa mple.com/" is not an http(s) URL"#),
        .init("http://example.com/a", longURL, "DestinationData[0].Events[1]", "the URL is longer than 2048 characters"),
        .init(
            "<key>Events</key>", "<key>Event</key>", "DestinationData[0].Events", "required but missing", lineOf: "<!-- New York City -->"),
        .init(
            "<string>https://forecast.weather.gov/sf</string>", "<string>forecast.weather.gov/sf</string>", "DestinationData[1].Weather",
            #""forecast.weather.gov/sf" is not an http(s) URL"#),
        .init(
            "<key>Weather</key>", "<key>Forecast</key>", "DestinationData[0].Weather", "required but missing",
            lineOf: "<!-- New York City -->"),
        .init(
            "<key>DestinationData</key>", "<key>Destinations</key>", "DestinationData", "required but missing", lineOf: "<!-- catalogue -->"
        ),
        .init(
            "<key>DestinationName</key>", "<key>DestinationName</key>\n<string>A</string>\n<key>DestinationName</key><!-- again -->",
            "DestinationData[0].DestinationName", "the key appears twice", lineOf: "<!-- again -->"),
        .init("<real>40.7128</real>", "<float>40.7128</float>", latitudeField, "<float> is not a property list element"),
        .init(
            "<string>San Francisco</string>", "<string>San Francisco</strin>", nil,
            "not well-formed XML: a closing tag that does not match its opening tag", columnFollows: true),
        .init(
            "<string>The Big Apple</string>", "<string>Big &apple;</string>", nil,
            "not well-formed XML: an entity reference to an entity that is not declared", columnFollows: true),
    ]

    @Test func theUneditedSampleIsAccepted() throws {
        #expect(try DestinationFile.parse(Data(DestinationSample.plist().utf8), format: .propertyList).count == 2)
    }

    @Test(arguments: plistRefusals)
    func plistEditIsRefusedAtItsKeyPathAndLine(_ refusal: PlistRefusal) throws {
        // setup
        let document = try DestinationSample.plist(replacing: refusal.target, with: refusal.replacement)
        let line = try refusal.lineOf.map { marker in try #require(DestinationSample.line(of: marker, in: document)) }

        // MUT
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data(document.utf8), format: .propertyList, fileName: "Destinations.plist")
        }

        // validate
        var expected = DestinationFileError(fileName: "Destinations.plist", line: line, keyPath: refusal.keyPath, reason: refusal.reason)
        if refusal.columnFollows, let reason = error?.reason, reason.hasPrefix(refusal.reason + " (column ") {
            expected.reason = reason
        }
        #expect(error == expected)
    }
}
