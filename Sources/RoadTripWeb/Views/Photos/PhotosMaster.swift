import HTML
import RoadTrip

/// The photo apps' tabs in the master column.
enum PhotosTab {
    case places, timeline, map, recents, vacations, flickr
}

extension Route {
    /// Back to Places, the Photos tab's first screen: from a country, a place's photos, Find, a
    /// memory, the placing and adding screens.
    static let backToPlaces: (route: Route, label: String) = (.places(order: .byCountry), "Places")
}

extension MasterBar {
    /// The master column of the photo screens: a tab bar, Places | Recents | Vacations | Map (| Flickr); in tablet portrait
    /// a list button in the detail's top bar, named after the tab, opens it.
    static func photos(_ tab: PhotosTab, title: String? = nil, back: (route: Route, label: String)? = nil, flickr: Bool = false)
        -> MasterBar
    {
        var tabs: [(route: Route, label: String, icon: TabIcon, isCurrent: Bool)] = [
            (Route.backToPlaces.route, Route.backToPlaces.label, .places, tab == .places),
            (.timeline(.newest), "Timeline", .timeline, tab == .timeline),
            (.recents, "Recents", .recents, tab == .recents),
            (.vacations, "Vacations", .vacations, tab == .vacations),
            (.photoMap, "Map", .map, tab == .map),
        ]
        if flickr || tab == .flickr { tabs.append((.flickrPlaces, "Flickr", .flickr, tab == .flickr)) }
        let names = [
            "places": "Places", "map": "Map", "recents": "Recents", "vacations": "Vacations", "flickr": "Flickr", "timeline": "Timeline",
        ]
        let current = names["\(tab)"] ?? "Photos"
        return MasterBar(
            title: title ?? current, label: "Places, Timeline, Recents and Vacations",
            openButton: current, back: back, tabs: tabs,
            half: .photos, add: (.upload, "Upload photos")
        )
    }
}

/// How photo screens say counts and dates.
enum PhotoFormat {
    static func count(_ number: Int) -> String {
        number == 1 ? "1 photo" : "\(number) photos"
    }

    /// "19 Oct 2024, 09:12" from "2024-10-19T09:12:40"; the text as it is when it is not a date.
    static func date(_ text: String) -> String {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        guard parts.count >= 5, (1...12).contains(parts[1]) else { return text }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let time = String(format: "%02d:%02d", parts[3], parts[4])
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0]), \(time)"
    }

    /// "40.7752° N, 73.9716° W"
    static func coordinates(latitude: Double, longitude: Double) -> String {
        let lat = String(format: "%.4f° %@", abs(latitude), latitude < 0 ? "S" : "N")
        let lon = String(format: "%.4f° %@", abs(longitude), longitude < 0 ? "W" : "E")
        return "\(lat), \(lon)"
    }
}

/// The detail pane of photo screens before a photo is open.
struct PhotoPlaceholderView: HTML {
    let hasPhotos: Bool

    var content: some HTML {
        section(.class("empty-state")) {
            h2 { hasPhotos ? "Choose a photo" : "No photos yet" }
            p {
                if !hasPhotos {
                    "Upload photos, or import a folder with roadtrip import PATH, and they appear here by where they were taken."
                } else {
                    "Open a place, then a photo. Your last 20 photos are under Recents."
                }
            }
            p(.class("placeholder-open")) {
                a(.class("button"), .href(.upload)) { "Upload photos" }
                a(.class("button open-master"), .href("#master"), .ariaControls("master")) { "Show places" }
            }
        }
    }
}
