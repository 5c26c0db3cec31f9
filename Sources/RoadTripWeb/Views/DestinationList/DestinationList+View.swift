import HTML
import RoadTrip

/// The master list: every destination with its picture, location title and subtitle.
struct DestinationListView: HTML {
    let destinations: [Destination]
    let selected: Int64?

    var content: some HTML {
        nav(.ariaLabel("Destinations")) {
            h2(.class("section-title")) { "Destinations" }
            if destinations.isEmpty {
                p(.class("empty-note")) { "No destinations yet. Import a catalogue with roadtrip destinations import FILE." }
            } else {
                ul(.class("rows")) {
                    ForEach(destinations) { destination in
                        li { row(destination) }
                    }
                }
            }
        }
    }

    private func row(_ destination: Destination) -> some HTML {
        a(.class("row"), .href(.destination(id: destination.id)), .when(destination.id == selected, .ariaCurrent("page"))) {
            img(.class("row-picture"), .src(.destinationImage(id: destination.id)), .alt(""), .loading("lazy"))
            span(.class("row-text")) {
                span(.class("row-title")) { destination.name }
                span(.class("row-subtitle")) { DestinationFormat.subtitle(destination) }
            }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

/// The detail pane before a destination is chosen.
struct DestinationPlaceholderView: HTML {
    let hasDestinations: Bool
    let hasTrip: Bool

    var content: some HTML {
        section(.class("empty-state")) {
            h2 { hasTrip ? "Have a good trip" : "Where to?" }
            p {
                if !hasDestinations {
                    "There are no destinations yet."
                } else if hasTrip {
                    "Open your trip's Events or Weather from the menu, or look at another destination."
                } else {
                    "Choose a destination from the list to see where it is and what is on, then choose it for your trip."
                }
            }
            if hasDestinations {
                p(.class("placeholder-open")) {
                    a(.class("button open-master"), .href("#master"), .ariaControls("master")) { "Show destinations" }
                }
            }
        }
    }
}
