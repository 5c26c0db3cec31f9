import Foundation
import Testing
@testable import RoadTrip

extension DestinationFileTests {
    /// One edit of the JSON sample and the refusal it must cause. JSON values carry no line.
    struct JSONRefusal: Sendable, CustomTestStringConvertible {
        var target: String
        var replacement: String
        var keyPath: String
        var reason: String

        var testDescription: String { "\(keyPath): \(reason)" }

        init(_ target: String, _ replacement: String, _ keyPath: String, _ reason: String) {
            self.target = target
            self.replacement = replacement
            self.keyPath = keyPath
            self.reason = reason
        }
    }

    static let jsonLatitude = #""Latitude": 40.7128"#
    static let jsonRefusals: [JSONRefusal] = [
        .init(jsonLatitude, #""Latitude": true"#, latitudeField, "expected a number, found true"),
        .init(jsonLatitude, #""Latitude": "abc""#, latitudeField, #"expected a number, found "abc""#),
        .init(jsonLatitude, #""Latitude": null"#, latitudeField, "expected a number, found null"),
        .init(jsonLatitude, #""Latitude": -90.0001"#, latitudeField, "-90.0001 is outside -90...90"),
        .init(#""Longitude": -73.965355"#, #""Longitude": "181""#, "DestinationData[0].POIs[0].Longitude", #""181" is outside -180...180"#),
        .init(
            #""Title": "Central Park""#, #""Title": ["Central Park"]"#, "DestinationData[0].POIs[0].Title",
            "expected a string, found an array"),
        .init(
            #""DestinationName": "New York City""#, #""DestinationName": "New\u0000York""#, nameField,
            "contains a control character (U+0000)"),
        .init(
            #""DestinationName": "New York City""#, #""DestinationName": "New\nYork""#, nameField, "contains a control character (U+000A)"),
        .init(#""DestinationName": "New York City""#, #""DestinationName": 42"#, nameField, "expected a string, found 42"),
        .init(
            #""DestinationImage": "NewYorkCity.svg""#, #""DestinationImage": "a/b.svg""#, "DestinationData[0].DestinationImage",
            #""a/b.svg" is not a plain file name"#),
        .init(
            #""Events": ["#, #""Events": "https://x.com/", "Old": ["#, "DestinationData[0].Events",
            #"expected an array of URLs, found "https://x.com/""#),
        .init(
            #""http://example.com/a""#, #""mailto:a@example.com""#, "DestinationData[0].Events[1]",
            #""mailto:a@example.com" is not an http(s) URL"#),
        .init(
            #""DestinationLocation": {"#, #""DestinationLocation": [], "Old": {"#, "DestinationData[0].DestinationLocation",
            "expected a dictionary describing a location, found an array"),
        .init(
            #""POIs": ["#, #""POIs": {}, "Old": ["#, "DestinationData[0].POIs",
            "expected an array of points of interest, found a dictionary"),
        .init(
            #""POIs": [{"#, #""POIs": ["Central Park", {"#, "DestinationData[0].POIs[0]",
            #"expected a dictionary describing a point of interest, found "Central Park""#),
        .init(
            #""Weather": ""#, #""Weather": "javascript:alert(1)", "Old": ""#, "DestinationData[0].Weather",
            #""javascript:alert(1)" is not an http(s) URL"#),
        .init(
            #""DestinationData": ["#, #""DestinationData": {}, "Old": ["#, "DestinationData",
            "expected an array of destinations, found a dictionary"),
    ]

    @Test func theUneditedJSONSampleIsAccepted() throws {
        #expect(try DestinationFile.parse(Data(DestinationSample.jsonText.utf8), format: .json).count == 1)
    }

    @Test(arguments: jsonRefusals)
    func jsonEditIsRefusedAtItsKeyPath(_ refusal: JSONRefusal) throws {
        let document = try DestinationSample.jsonText(replacing: refusal.target, with: refusal.replacement)
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data(document.utf8), format: .json, fileName: "Destinations.json")
        }
        #expect(error == DestinationFileError(fileName: "Destinations.json", keyPath: refusal.keyPath, reason: refusal.reason))
    }

    @Test(arguments: [
        ("{\n  \"DestinationData\": [\n    {,}\n  ]\n}", 3, 6),
        ("{\"é\": x}", 1, 7),
    ])
    func jsonSyntaxErrorNamesItsLineAndColumn(document: String, line: Int, column: Int) {
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data(document.utf8), format: .json)
        }
        #expect(error?.line == line)
        #expect(error?.keyPath == nil)
        #expect(error?.reason.hasPrefix("not valid JSON: ") == true)
        #expect(error?.reason.hasSuffix("(column \(column))") == true)
    }

    @Test func tenThousandEventsAreTheMost() throws {
        // setup
        let urls = (0...10_000).map { "https://example.com/event/\($0)" }

        // MUT
        let atLimit = try DestinationFile.parse(DestinationSample.json { $0["Events"] = Array(urls.dropLast()) }, format: .json)
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(DestinationSample.json { $0["Events"] = urls }, format: .json)
        }

        // validate
        #expect(atLimit[0].eventURLs.count == 10_000)
        #expect(error == DestinationFileError(keyPath: "DestinationData[0].Events", reason: "holds 10001 URLs; at most 10000 are allowed"))
    }
}
