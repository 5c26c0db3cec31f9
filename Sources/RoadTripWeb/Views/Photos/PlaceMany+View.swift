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

    private var photosField: some HTML {
        input(.type("hidden"), .name("photos"), .value(ids.map(String.init).joined(separator: ",")))
    }

    var content: some HTML {
        section(.class("place-many")) {
            h2(.class("section-title")) { "Place \(PhotoFormat.count(ids.count))" }
            if let error { Notice(kind: .error, message: error) }
            if !shown.isEmpty {
                ul(.class("photo-grid placing-photos")) { ForEach(shown) { photo in li { PhotoCell(photo: photo) } } }
            }
            if !ids.isEmpty {
                h3 { "By the name of a place" }
                form(.method("get"), .action(.placeMany(query: nil)), .class("search-form"), .role("search")) {
                    photosField
                    label(.for("place-query")) { "Town or city" }
                    input(.type("search"), .id("place-query"), .name("q"), .value(query), .placeholder("e.g. Lisbon"), .autocomplete("off"))
                    button(.type("submit")) { "Search" }
                }
                if !query.trimmingCharacters(in: .whitespaces).isEmpty {
                    if results.isEmpty {
                        p(.class("empty-note"), .role("status")) { "No town or city called “\(query)”." }
                    } else {
                        ul(.class("rows place-choices")) {
                            ForEach(results) { place in
                                li {
                                    form(.method("post"), .action(.placeMany(query: nil)), .class("choice-form")) {
                                        FormToken()
                                        photosField
                                        input(.type("hidden"), .name("place"), .value(String(place.id)))
                                        button(.type("submit"), .class("row choice")) {
                                            span(.class("row-text")) {
                                                span(.class("row-title")) { place.name }
                                                span(.class("row-subtitle")) { [place.region, place.country].compactMap { $0 }.joined(separator: ", ") }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                h3 { "At a point on the map" }
                form(.method("post"), .action(.placeMany(query: nil)), .class("stacked point-pick")) {
                    FormToken()
                    photosField
                    PointMapView(points: [], style: .pick, label: "Map of the world: tap where the photos were taken", sources: sources)
                    div(.class("pick-fields")) {
                        label(.for("pick-latitude")) { "Latitude" }
                        input(.type("text"), .id("pick-latitude"), .name("latitude"), Attribute("inputmode", "decimal"), .placeholder("38.7223"), .autocomplete("off"))
                        label(.for("pick-longitude")) { "Longitude" }
                        input(.type("text"), .id("pick-longitude"), .name("longitude"), Attribute("inputmode", "decimal"), .placeholder("-9.1393"), .autocomplete("off"))
                    }
                    button(.type("submit"), .class("button primary")) { "Place them here" }
                }
            }
            GazetteerCredit()
        }
    }
}
