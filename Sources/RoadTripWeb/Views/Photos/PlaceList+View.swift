import HTML
import RoadTrip

/// The Places screen: sections by country (A to Z, cities A to Z within) or the top places,
/// with a switch between the two, the photos with no place, Find and Upload. A library with more
/// places than one screen holds lists its countries instead (each opens its places), or the top
/// places a page at a time.
struct PlaceListView: HTML {
    enum Listing {
        case all([Place])
        case countries([PlaceCountry])
        case top(PlacePage)
    }

    let listing: Listing
    let order: PlaceOrder
    let withoutPlace: Int
    /// How many favourites the account has: the Favourites row, first, as the Photos app's albums
    /// begin (none: no row, until the first heart).
    let favorites: Int

    var content: some HTML {
        nav(.class("place-list"), .ariaLabel("Places")) {
            form(.method("get"), .action(.findPlaces(query: nil)), .class("search-form"), .role("search")) {
                label(.for("find-places"), .class("visually-hidden")) { "Find a place" }
                input(.type("search"), .id("find-places"), .name("q"), .placeholder("Find a place"), .autocomplete("off"))
                button(.type("submit")) { "Find" }
            }
            div(.class("segmented"), .role("group"), .ariaLabel("Order")) {
                orderLink(.byCountry, "By country")
                orderLink(.byPhotoCount, "Top places")
            }
            if favorites > 0 {
                ul(.class("rows favorites")) {
                    li {
                        a(.class("row favorites-row"), .href(.favorites(after: nil))) {
                            span(.class("row-icon"), .ariaHidden()) { "♥" }
                            span(.class("row-text")) {
                                span(.class("row-title")) { "Favourites" }
                                span(.class("row-subtitle")) { PhotoFormat.count(favorites) }
                            }
                            span(.class("row-chevron"), .ariaHidden()) { "›" }
                        }
                    }
                }
            }
            switch listing {
            case .all(let places):
                if places.isEmpty && withoutPlace == 0 {
                    p(.class("empty-note")) { "No photos yet." }
                } else if order == .byCountry {
                    for (country, cities) in PlaceListView.sections(places) {
                        section(.class("place-section")) {
                            h2(.class("section-title")) { country }
                            ul(.class("rows")) { for place in cities { li { PlaceRow(place: place) } } }
                        }
                    }
                } else {
                    ul(.class("rows top-places")) { for place in places { li { PlaceRow(place: place) } } }
                }
            case .countries(let countries):
                ul(.class("rows countries")) { for country in countries { li { CountryRow(country: country) } } }
            case .top(let page):
                ul(.class("rows top-places")) { for place in page.places { li { PlaceRow(place: place) } } }
                if let next = page.nextCursor {
                    p(.class("more")) {
                        a(.class("button more-places"), .href(.places(order: .byPhotoCount, after: next))) { "More places" }
                    }
                }
            }
            if withoutPlace > 0 {
                ul(.class("rows no-location")) {
                    li {
                        a(.class("row"), .href(.placePhotos(.noLocation, after: nil))) {
                            span(.class("row-text")) {
                                span(.class("row-title")) { "No location" }
                                span(.class("row-subtitle")) { PhotoFormat.count(withoutPlace) }
                            }
                            span(.class("row-chevron"), .ariaHidden()) { "›" }
                        }
                    }
                }
            }
            p(.class("list-actions")) { a(.class("button"), .href(.upload)) { "Upload photos" } }
            GazetteerCredit()
        }
    }

    /// Places grouped by country, in the order the library gave them (country, then city).
    private static func sections(_ places: [Place]) -> [(String, [Place])] {
        var result: [(String, [Place])] = []
        for place in places {
            if result.last?.0 == place.country { result[result.count - 1].1.append(place) } else { result.append((place.country, [place])) }
        }
        return result
    }

    private func orderLink(_ value: PlaceOrder, _ caption: String) -> some HTML {
        value == order
            ? a(.class("segment"), .href(.places(order: value)), .ariaCurrent("true")) { caption }
            : a(.class("segment"), .href(.places(order: value))) { caption }
    }
}

/// A place as a row: the city as title; region, country and photo count below.
struct PlaceRow: HTML {
    let place: Place
    var isCurrent = false

    var content: some HTML {
        a(.class("row place-row"), .href(.placePhotos(.place(place.id), after: nil)), .when(isCurrent, .ariaCurrent("page"))) {
            span(.class("row-text")) {
                span(.class("row-title")) { place.name }
                span(.class("row-subtitle")) { "\(place.regionAndCountry) · \(PhotoFormat.count(place.photoCount))" }
            }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

/// A country as a row of a large library's Places screen: its name; its places and photos below.
struct CountryRow: HTML {
    let country: PlaceCountry

    var content: some HTML {
        a(.class("row country-row"), .href(.placesInCountry(code: country.code))) {
            span(.class("row-text")) {
                span(.class("row-title")) { country.name }
                span(.class("row-subtitle")) {
                    "\(country.placeCount == 1 ? "1 place" : "\(country.placeCount) places") · \(PhotoFormat.count(country.photoCount))"
                }
            }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

/// A country's places, A to Z, a page at a time.
struct PlaceCountryView: HTML {
    let country: PlaceCountry
    let page: PlacePage

    var content: some HTML {
        nav(.class("place-list country-places"), .ariaLabel("Places in \(country.name)")) {
            section(.class("place-section")) {
                h2(.class("section-title")) { country.name }
                ul(.class("rows")) { for place in page.places { li { PlaceRow(place: place) } } }
            }
            if let next = page.nextCursor {
                p(.class("more")) {
                    a(.class("button more-places"), .href(.placesInCountry(code: country.code, after: next))) { "More places" }
                }
            }
        }
    }
}

/// The credit GeoNames' licence (CC BY 4.0) asks for wherever its place names are shown.
struct GazetteerCredit: HTML {
    var content: some HTML {
        p(.class("data-credit")) {
            "Place names from "
            a(.href("https://www.geonames.org/"), .rel("noreferrer")) { "GeoNames" }
            " ("
            a(.href("https://creativecommons.org/licenses/by/4.0/"), .rel("noreferrer")) { "CC BY 4.0" }
            ")"
        }
    }
}
