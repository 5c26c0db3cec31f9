import HTML
import RoadTrip

/// A vacation's menu: Itinerary ("N places"), Tags ("N tags"), All photos, Book, keep offline;
/// then, for its owner, Share…, rename, export and delete. Opened by anyone else (a member of
/// the household, a share link's guest) it says whose it is and offers only what they may do.
struct VacationMenuView: HTML {
    let vacation: Vacation
    let addresses: VacationAddresses
    let reveal: VacationReveal
    let placeCount: Int
    let tagCount: Int
    /// "Shared by Ann", for anyone but the owner.
    var sharedBy: String? = nil
    var renameError: String? = nil
    /// Made of a trip found in the photos whose photos are still being put in: how many in all.
    var filling: Int? = nil

    init(_ opening: VacationOpening, counts: (places: Int, tags: Int), renameError: String? = nil) {
        (vacation, addresses, reveal, sharedBy) = (opening.vacation, opening.addresses, opening.reveal, opening.sharedBy)
        (placeCount, tagCount, self.renameError) = (counts.places, counts.tags, renameError)
    }

    var content: some HTML {
        section(.class("vacation-menu"), .ariaLabel(vacation.name)) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { vacation.name }
                p(.class("row-subtitle")) { VacationFormatting.summary(vacation) }
                if let sharedBy { p(.class("row-subtitle shared-by")) { sharedBy } }
                if let filling {
                    Notice(
                        kind: .success,
                        message: "The trip’s \(PhotoFormat.count(filling)) are being put in, in date order; they appear here as they come.")
                }
            }
            ul(.class("rows")) {
                if reveal.showWhere {
                    li { entry(addresses.itinerary, "Itinerary", placeCount == 1 ? "1 place" : "\(placeCount) places", "itinerary") }
                }
                li { entry(addresses.tags(query: nil), "Tags", tagCount == 1 ? "1 tag" : "\(tagCount) tags", "tags") }
                li { entry(addresses.photos(.all), "All photos", PhotoFormat.count(vacation.photoCount), "all-photos") }
                if vacation.photoCount > 0 {
                    li { entry(addresses.book(1), "Book", "", "book") }
                    if reveal.mayManage { li { entry(.vacationPrint(id: vacation.id), "Make a book…", "A PDF to print", "print") } }
                    if reveal.offerBook, let token = addresses.token {
                        li {
                            a(.class("row vacation-printed-book"), .href(.sharedPrintPDF(token)), .download("")) {
                                span(.class("row-text")) { span(.class("row-title")) { "Printed book" } }
                                span(.class("row-detail")) { "PDF" }
                            }
                        }
                    }
                }
                KeepOfflineRow(list: addresses.keepList(), subject: "this vacation", action: "Keep this vacation offline")
            }
            if reveal.mayManage {
                p(.class("list-actions")) {
                    a(.class("button share popover-link"), .href(.vacationSharing(id: vacation.id))) { "Share…" }
                }
                form(.method("post"), .action(.vacationRename(id: vacation.id)), .class("stacked rename-form")) {
                    FormToken()
                    div(.class("field")) {
                        label(.for("rename")) { "Rename" }
                        input(
                            .id("rename"), .type("text"), .name("name"), .value(vacation.name), .autocomplete("off"),
                            .maxlength(VacationStore.maximumNameLength))
                        if let renameError { p(.class("field-error"), .role("alert")) { renameError } }
                    }
                    button(.type("submit"), .class("button")) { "Rename" }
                }
                p(.class("list-actions")) {
                    a(.class("button secondary export"), .href(.vacationExport(id: vacation.id)), .download("")) { "Export" }
                    " "
                    a(.class("button secondary export-gpx"), .href(.vacationGPX(id: vacation.id)), .download("")) { "Export GPX" }
                    " "
                    a(.class("button danger delete"), .href(.vacationRemoval(id: vacation.id))) { "Delete…" }
                }
            }
        }
    }

    private func entry(_ route: Route, _ title: String, _ detail: String, _ name: String) -> some HTML {
        a(.class("row vacation-\(name)"), .href(route)) {
            span(.class("row-text")) { span(.class("row-title")) { title } }
            span(.class("row-detail")) { detail }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

/// Deleting a vacation: a confirmation that names it and its photo count.
struct VacationRemovalView: HTML {
    let vacation: Vacation

    var content: some HTML {
        Confirmation(
            classes: "confirm",
            message: "Delete “\(vacation.name)” and its \(PhotoFormat.count(vacation.photoCount))? The photos stay in the library.",
            action: .vacationRemoval(id: vacation.id), buttonTitle: "Delete", cancel: .vacation(id: vacation.id)
        )
    }
}

/// The itinerary: places in the order first visited, on a map (numbered, joined by a line, each
/// opening its photos) above the same places as a list.
struct ItineraryView: HTML {
    let addresses: VacationAddresses
    let places: [VacationPlace]
    let mapSources: MapSources
    /// When each place was first visited, unless a share link keeps dates back.
    var showDates = true
    /// The household's tracks over the vacation's dates, drawn under the places (not under a share link).
    var route: VacationRoute? = nil
    var routeLines: [[Coordinate]] = []

    /// The places with a position (an older RoadTrip may have stored one without), each
    /// numbered as in the list.
    var mapPoints: [MapPoint] {
        places.enumerated().compactMap { index, place in
            place.coordinate.map {
                MapPoint(
                    coordinate: $0, name: place.name, label: String(index + 1), kind: .stop,
                    link: addresses.photos(.place(place.id)))
            }
        }
    }

    /// The map of the places: in the detail pane beside (or, in tablet portrait, under) the list;
    /// on a phone, where the list is the screen, above its rows (app.css shows the one that fits).
    var map: (any HTML)? {
        guard !mapPoints.isEmpty || !routeLines.isEmpty else { return nil }
        return PointMapView(
            points: mapPoints, style: .itinerary, label: "Map of the itinerary, places numbered in the order first visited",
            sources: mapSources, lines: routeLines)
    }

    var content: some HTML {
        section(.class("itinerary"), .ariaLabel("Itinerary")) {
            if places.isEmpty {
                p(.class("empty-note")) { "No places yet: visit photos with a place into this vacation." }
            } else {
                if let route, !route.tracks.isEmpty {
                    p(.class("route-summary")) {
                        """
                        Route: \(route.tracks.count) track\(route.tracks.count == 1 ? "" : "s") \u{B7} \
                        \(TrackText.distance(route.distance)) \u{B7} \(route.days) day\(route.days == 1 ? "" : "s")
                        """
                    }
                }
                if let map { div(.class("itinerary-map-phone")) { AnyHTML(map) } }
                ol(.class("rows")) {
                    for place in places {
                        li {
                            a(.class("row itinerary-place"), .href(addresses.photos(.place(place.id)))) {
                                span(.class("row-text")) {
                                    span(.class("row-title")) { place.name }
                                    span(.class("row-subtitle")) {
                                        "\(place.regionAndCountry) · \(PhotoFormat.count(place.photoCount))"
                                        if showDates { " · from \(VacationFormatting.day(place.firstVisited))" }
                                    }
                                }
                                span(.class("row-chevron"), .ariaHidden()) { "›" }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The tags, most used first, with a field that filters them by part of the name.
struct VacationTagsView: HTML {
    let addresses: VacationAddresses
    let query: String
    let tags: [VacationTag]

    var content: some HTML {
        section(.class("vacation-tags"), .ariaLabel("Tags")) {
            form(.method("get"), .action(addresses.tags(query: nil)), .class("search-form"), .role("search")) {
                label(.for("tag-query"), .class("visually-hidden")) { "Search tags" }
                input(.type("search"), .id("tag-query"), .name("q"), .value(query), .placeholder("Search tags"), .autocomplete("off"))
                button(.type("submit")) { "Search" }
            }
            if tags.isEmpty {
                p(.class("empty-note")) {
                    query.isEmpty ? "No tags yet: tag photos in the viewer's Info, then visit them." : "No tag contains “\(query)”."
                }
            } else {
                ul(.class("rows tag-list")) {
                    for tag in tags {
                        li {
                            a(.class("row tag-row"), .href(addresses.photos(.tag(tag.id))), .data("tag", tag.name)) {
                                span(.class("row-text")) { span(.class("row-title")) { tag.name } }
                                span(.class("row-detail")) { String(tag.photoCount) }
                                span(.class("row-chevron"), .ariaHidden()) { "›" }
                            }
                        }
                    }
                }
            }
        }
    }
}
