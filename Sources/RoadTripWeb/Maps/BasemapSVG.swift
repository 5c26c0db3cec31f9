import Foundation

/// The world map drawn from the basemap (`map-countries.json`, GeoJSON): each country's
/// outline as a path in plain longitude/latitude (x = longitude, y = -latitude), inside the
/// box -180 -90 360 180. Made once at start-up, served as the asset `map-world.svg` behind the
/// map every page draws without JavaScript, and named for each country (its `title`).
enum BasemapSVG {
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static func render(geoJSON bytes: [UInt8]) throws -> [UInt8] {
        guard let collection = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let features = collection["features"] as? [[String: Any]]
        else {
            throw Unreadable(description: "the basemap is not a GeoJSON FeatureCollection")
        }
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-180 -90 360 180">"#
        svg += #"<style>path{fill:#d9d4c7;stroke:#8c8577;stroke-width:.15}</style>"#
        for feature in features {
            guard let properties = feature["properties"] as? [String: Any], let name = properties["name"] as? String,
                let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String
            else {
                throw Unreadable(description: "a basemap feature has no name or no geometry")
            }
            let polygons: [Any]
            switch type {
            case "Polygon": polygons = [geometry["coordinates"] as Any]
            case "MultiPolygon": polygons = geometry["coordinates"] as? [Any] ?? []
            default: throw Unreadable(description: "\(name): a \(type) is not a country outline")
            }
            var path = ""
            for polygon in polygons {
                for ring in polygon as? [[[Double]]] ?? [] {
                    for (index, point) in ring.enumerated() where point.count == 2 {
                        path += (index == 0 ? "M" : "L") + number(point[0]) + " " + number(-point[1])
                    }
                    path += "Z"
                }
            }
            svg += "<path d=\"\(path)\"><title>\(escaped(name))</title></path>"
        }
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        // Shipped outlines are all within ±180; a number beyond Int (or not one) is written as Swift spells it.
        return Int(exactly: rounded).map(String.init) ?? String(rounded)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
