import Geo
import HTML
import RoadTrip

/// Find: the library's places searched by name, accents and case ignored, each with its count.
struct FindView: HTML {
    let query: String
    let results: [Place]

    var content: some HTML {
        section(.class("find"), .ariaLabel("Find a place")) {
            form(.method("get"), .action(.findPlaces(query: nil)), .class("search-form"), .role("search")) {
                label(.for("find-query"), .class("visually-hidden")) { "Place name" }
                input(
                    .type("search"), .id("find-query"), .name("q"), .value(query), .placeholder("Find a place"),
                    .autocomplete("off"), .autofocus())
                button(.type("submit")) { "Find" }
            }
            if !query.trimmingCharacters(in: .whitespaces).isEmpty {
                if results.isEmpty {
                    p(.class("empty-note"), .role("status")) { "No place called “\(query)” has photos." }
                } else {
                    p(.class("result-count"), .role("status")) { results.count == 1 ? "1 place" : "\(results.count) places" }
                    ul(.class("rows find-results")) { for place in results { li { PlaceRow(place: place) } } }
                }
            }
            GazetteerCredit()
        }
    }
}

/// Setting the place of a photo: search the gazetteer by name, then choose one.
struct PhotoPlaceView: HTML {
    let photo: Photo
    let query: String
    let results: [GazetteerPlace]
    var error: String? = nil

    var content: some HTML {
        section(.class("set-place-form")) {
            h2 { "Where was “\(photo.displayTitle)” taken?" }
            if let error { Notice(kind: .error, message: error) }
            PlaceSearchView(
                query: query, results: results, search: .photoPlace(id: photo.id, query: nil), choose: .photoPlace(id: photo.id, query: nil)
            )
            p { a(.class("tap-target"), .href(.photo(id: photo.id, inRecents: false))) { "Back to the photo" } }
            GazetteerCredit()
        }
    }
}

/// Finding a town or city by name, and choosing one of those found: a GET search form, then a
/// button a place that posts its id (with `fields`, the same on both forms) to `choose`.
struct PlaceSearchView: HTML {
    let query: String
    let results: [GazetteerPlace]
    let search: Route
    let choose: Route
    var fields: [(name: String, value: String)] = []

    var content: some HTML {
        form(.method("get"), .action(search), .class("search-form"), .role("search")) {
            ForEach(fields.indices) { index in input(.type("hidden"), .name(fields[index].name), .value(fields[index].value)) }
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
                            form(.method("post"), .action(choose), .class("choice-form")) {
                                FormToken()
                                ForEach(fields.indices) { index in
                                    input(.type("hidden"), .name(fields[index].name), .value(fields[index].value))
                                }
                                input(.type("hidden"), .name("place"), .value(String(place.id)))
                                button(.type("submit"), .class("row choice")) {
                                    span(.class("row-text")) {
                                        span(.class("row-title")) { place.name }
                                        span(.class("row-subtitle")) {
                                            [place.region, place.country].compactMap { $0 }.joined(separator: ", ")
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
