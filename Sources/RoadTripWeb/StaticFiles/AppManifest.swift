import Foundation

/// The web app manifest: what "Add to Home Screen" makes of RoadTrip (its name, its icons, a
/// window of its own without the browser's bars, its colours). Browsers read one theme colour
/// from it; the pages' `theme-color` meta tags give the light and the dark one.
enum AppManifest {
    /// The bar's colour in the light and the dark appearance (app.css's `--bar`, opaque).
    static let lightTheme = "#f9f9fb"
    static let darkTheme = "#1c1c1e"
    /// The page's background while RoadTrip opens (app.css's light `--bg`).
    static let background = "#f2f2f7"

    /// The manifest, its icons' addresses given by `address` (a logical asset name to its path).
    /// A share link's own (`start` its address, `name` the vacation's) installs the shared
    /// vacation, not RoadTrip, which its guest cannot open.
    static func json(start: String = "/", name: String = "RoadTrip", address: (String) -> String) throws -> [UInt8] {
        var icons: [[String: String]] = [["src": address("icon.svg"), "sizes": "any", "type": "image/svg+xml"]]
        for picture in AppIcon.pictures where picture.size >= 192 {
            var icon = ["src": address(picture.name), "sizes": "\(picture.size)x\(picture.size)", "type": "image/png"]
            if picture.maskable { icon["purpose"] = "maskable" }
            icons.append(icon)
        }
        let manifest: [String: Any] = [
            "id": start, "name": name, "short_name": name,
            "description": start == "/"
                ? "Your trips, their events and weather, and your photos and vacations." : "A vacation shared on RoadTrip.",
            "start_url": start, "scope": start, "display": "standalone", "orientation": "any",
            "background_color": background, "theme_color": lightTheme, "icons": icons,
        ]
        // Sorted keys: the same bytes, so the same fingerprint, on every start.
        return Array(try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes]))
    }
}
