import Foundation
import RoadTrip

extension FuzzTarget {
    /// Destination catalogues as property lists (the RoadTrip book's `Destinations.plist`).
    static let destinationPropertyList = FuzzTarget(name: "destination-plist", seeds: DestinationInput.propertyListSeeds) { bytes in
        DestinationInput.read(bytes, as: .propertyList)
    }

    /// Destination catalogues as JSON.
    static let destinationJSON = FuzzTarget(name: "destination-json", seeds: DestinationInput.jsonSeeds) { bytes in
        DestinationInput.read(bytes, as: .json)
    }
}

enum DestinationInput {
    /// A catalogue is read whole or refused; what it may hold (positions on the globe) its
    /// records' types guarantee (`Coordinate` cannot be made off the globe).
    static func read(_ bytes: [UInt8], as format: DestinationFile.Format) {
        _ = try? DestinationFile.parse(Data(bytes), format: format)
    }

    static func propertyListSeeds() -> [FuzzTarget.Seed] {
        let destination = """
            <dict>
            \t<key>DestinationName</key><string>Lisbon &amp; Sintra</string>
            \t<key>DestinationImage</key><string>Lisbon.svg</string>
            \t<key>DestinationLocation</key>
            \t<dict><key>Title</key><string>Lisbon</string><key>Subtitle</key><string>City of seven hills</string>
            \t<key>Latitude</key><real>38.7223</real><key>Longitude</key><integer>-9</integer></dict>
            \t<key>Events</key><array><string>https://www.visitlisboa.com/en/events</string></array>
            \t<key>Weather</key><string>https://www.ipma.pt/en/</string>
            \t<key>POIs</key><array><dict><key>Title</key><string>Bel\u{E9}m Tower</string><key>Subtitle</key><string></string>
            \t<key>Latitude</key><real>3.8691e1</real><key>Longitude</key><real>-9.2160</real></dict></array>
            </dict>
            """
        let plist = { (body: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict><key>DestinationData</key><array>\(body)</array></dict>
            </plist>
            """
        }
        return [
            .init("one-destination", plist(destination)),
            .init("two-destinations", plist(destination + destination.replacingOccurrences(of: "Lisbon &amp; Sintra", with: "Porto"))),
            .init("utf16", [0xFF, 0xFE] + plist(destination).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            .init(
                "bad-types",
                plist(
                    """
                    <dict><key>DestinationName</key><data>AAEC</data><key>Events</key><true/><key>X</key><date>\
                    2024-01-01T00:00:00Z</date></dict>
                    """
                )),
        ]
    }

    static func jsonSeeds() -> [FuzzTarget.Seed] {
        let destination = """
            {"DestinationName": "Lisbon", "DestinationImage": "Lisbon.svg",
             "DestinationLocation": {"Title": "Lisbon", "Subtitle": "City of seven hills", "Latitude": 38.7223, "Longitude": -9.1393},
             "Events": ["https://www.visitlisboa.com/en/events"], "Weather": "https://www.ipma.pt/en/",
             "POIs": [{"Title": "Bel\\u00e9m Tower", "Subtitle": "", "Latitude": 3.8691e1, "Longitude": -9}]}
            """
        return [
            .init("one-destination", "{\"DestinationData\": [\(destination)]}"),
            .init(
                "two-destinations",
                "{\"DestinationData\": [\(destination), \(destination.replacingOccurrences(of: "\"Lisbon\",", with: "\"Porto\","))]}"),
            .init(
                "odd-values", "{\"DestinationData\": [{\"DestinationName\": null, \"Events\": [1, true, {}], \"x\": 1e999, \"y\": -0.0}]}"),
        ]
    }
}
