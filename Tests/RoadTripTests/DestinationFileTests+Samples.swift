import Foundation

/// Small catalogues the tests edit: two valid destinations written the book's way, with a
/// comment on each `<dict>` line so a test can find the line a refusal should name.
enum DestinationSample {
    static let newYork = """
                <dict> <!-- New York City -->
                    <key>DestinationName</key>
                    <string>New York City</string>
                    <key>DestinationImage</key>
                    <string>NewYorkCity.svg</string>
                    <key>DestinationLocation</key>
                    <dict> <!-- New York location -->
                        <key>Title</key>
                        <string>Manhattan</string>
                        <key>Subtitle</key>
                        <string>The Big Apple</string>
                        <key>Latitude</key>
                        <real>40.7128</real>
                        <key>Longitude</key>
                        <real>-74.006</real>
                    </dict>
                    <key>Events</key>
                    <array>
                        <string>https://www.nycgo.com/things-to-do/events-in-nyc/</string>
                        <string>http://example.com/a</string>
                    </array>
                    <key>POIs</key>
                    <array>
                        <dict> <!-- Statue of Liberty -->
                            <key>Title</key>
                            <string>Statue of Liberty</string>
                            <key>Latitude</key>
                            <string>40.689244</string>
                            <key>Longitude</key>
                            <real>-74.044502</real>
                        </dict>
                    </array>
                    <key>Weather</key>
                    <string>https://forecast.weather.gov/MapClick.php?lat=40.7128&amp;lon=-74.006</string>
                </dict>
        """

    static let sanFrancisco = """
                <dict> <!-- San Francisco -->
                    <key>DestinationName</key>
                    <string>San Francisco</string>
                    <key>DestinationImage</key>
                    <string>SanFrancisco.svg</string>
                    <key>DestinationLocation</key>
                    <dict>
                        <key>Title</key>
                        <string>SF</string>
                        <key>Latitude</key>
                        <string>37.7749</string>
                        <key>Longitude</key>
                        <integer>-122</integer>
                    </dict>
                    <key>Events</key>
                    <array>
                        <string>https://www.sftravel.com/events</string>
                    </array>
                    <key>Weather</key>
                    <string>https://forecast.weather.gov/sf</string>
                </dict>
        """

    static func plist(_ destinations: [String] = [newYork, sanFrancisco]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict> <!-- catalogue -->
            <key>DestinationData</key>
            <array>
        \(destinations.joined(separator: "\n"))
            </array>
        </dict>
        </plist>

        """
    }

    struct MissingTarget: Error {
        var target: String
    }

    /// The sample with the first occurrence of `target` replaced; a missing target is a broken test.
    static func plist(replacing target: String, with replacement: String) throws -> String {
        let document = plist()
        guard let range = document.range(of: target) else { throw MissingTarget(target: target) }
        return document.replacingCharacters(in: range, with: replacement)
    }

    /// The 1-based line of the only line holding `marker`, found in the text itself so a test
    /// checks the parser's line against the document rather than against a number typed in.
    static func line(of marker: String, in document: String) -> Int? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        let matches = lines.indices.filter { lines[$0].contains(marker) }
        return matches.count == 1 ? matches[0] + 1 : nil
    }

    /// The JSON sample as text, for edits that JSONSerialization would not write (`null`, NUL).
    static let jsonText = #"""
        {
          "DestinationData": [
            {
              "DestinationName": "New York City",
              "DestinationImage": "NewYorkCity.svg",
              "DestinationLocation": {"Title": "Manhattan", "Subtitle": "The Big Apple", "Latitude": 40.7128, "Longitude": -74.006},
              "Events": ["https://www.nycgo.com/things-to-do/events-in-nyc/", "http://example.com/a"],
              "POIs": [{"Title": "Central Park", "Latitude": "40.782865", "Longitude": -73.965355}],
              "Weather": "https://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.006"
            }
          ]
        }
        """#

    static func jsonText(replacing target: String, with replacement: String) throws -> String {
        guard let range = jsonText.range(of: target) else { throw MissingTarget(target: target) }
        return jsonText.replacingCharacters(in: range, with: replacement)
    }

    /// A JSON catalogue with one destination, edited by `change` before it is written.
    static func json(_ change: (inout [String: Any]) -> Void = { _ in }) -> Data {
        var destination: [String: Any] = [
            "DestinationName": "New York City",
            "DestinationImage": "NewYorkCity.svg",
            "DestinationLocation": ["Title": "New York City", "Subtitle": "The Big Apple", "Latitude": 40.7128, "Longitude": -74.006],
            "Events": ["https://www.nycgo.com/things-to-do/events-in-nyc/"],
            "POIs": [["Title": "Central Park", "Latitude": "40.782865", "Longitude": -73.965355]],
            "Weather": "https://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.006",
        ]
        change(&destination)
        return try! JSONSerialization.data(withJSONObject: ["DestinationData": [destination]], options: [.sortedKeys])
    }

    /// A fresh folder for one test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("DestinationFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
