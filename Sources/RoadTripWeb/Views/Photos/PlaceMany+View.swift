import Geo
import HTML
import RoadTrip

/// Placing the chosen photos together: a place found by name (each a button that places them
/// there), or a point: with JavaScript a tap on the map, without it its latitude and longitude.
struct PlaceManyView: HTML {
    let ids: [Int64]
    let shown: [Photo]
    let query: String
    let results: [GazetteerPlace]
    let error: String?
    let sources: MapSources

    private var photoList: String { ids.map(String.init).joined(separator: ",") }

    var content: some HTML {
        section(.class("place-many")) {
            h2(.class("section-title")) { "Place \(PhotoFormat.count(ids.count))" }
            if let error { Notice(kind: .error, message: error) }
            if !shown.isEmpty {
                ul(.class("photo-grid placing-photos")) { ForEach(shown) { photo in li { PhotoCell(photo: photo) } } }
            }
            if !ids.isEmpty {
                h3 { "By the name of a place" }
                PlaceSearchView(
                    query: query, results: results, search: .placeMany(query: nil), choose: .placeMany(query: nil),
                    fields: [("photos", photoList)])
                h3 { "At a point on the map" }
                form(.method("post"), .action(.placeMany(query: nil)), .class("stacked point-pick")) {
                    FormToken()
                    input(.type("hidden"), .name("photos"), .value(photoList))
                    PointMapView(points: [], style: .pick, label: "Map of the world: tap where the photos were taken", sources: sources)
                    div(.class("pick-fields")) {
                        label(.for("pick-latitude")) { "Latitude" }
                        input(
                            .type("text"), .id("pick-latitude"), .name("latitude"), Attribute("inputmode", "decimal"),
                            .placeholder("38.7223"), .autocomplete("off"))
                        label(.for("pick-longitude")) { "Longitude" }
                        input(
                            .type("text"), .id("pick-longitude"), .name("longitude"), Attribute("inputmode", "decimal"),
                            .placeholder("-9.1393"), .autocomplete("off"))
                    }
                    button(.type("submit"), .class("button primary")) { "Place them here" }
                }
            }
            GazetteerCredit()
        }
    }
}
