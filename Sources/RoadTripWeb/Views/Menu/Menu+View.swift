import HTML
import RoadTrip

/// The master column: the trip (Events, Weather, points of interest) and the destinations.
struct MenuView: HTML {
    let menu: Menu

    var content: some HTML {
        Fragment {
            if let trip = menu.trip {
                TripMenuView(trip: trip)
            } else {
                section(.class("trip trip-empty")) {
                    p(.class("trip-prompt")) { "Choose a destination to start" }
                    p(.class("hint")) { "Pick one of the destinations below and choose it for your trip." }
                }
            }
            DestinationListView(destinations: menu.destinations, selected: menu.selected)
        }
    }
}

/// The trip's menu: its picture and name, then Events (with how many), Weather and the points of interest.
struct TripMenuView: HTML {
    let trip: Menu.Trip

    var content: some HTML {
        let destination = trip.destination
        section(.class("trip"), .ariaLabel("Your trip")) {
            div(.class("trip-header")) {
                img(.class("trip-picture"), .src(.destinationImage(id: destination.id)), .alt(""))
                div(.class("trip-title")) {
                    h2(.class("trip-name")) { destination.name }
                    p(.class("row-subtitle")) { DestinationFormat.subtitle(destination) }
                }
            }
            ul(.class("rows")) {
                li {
                    a(.class("row trip-events"), .href(destination.eventCount > 0 ? .eventsBook(page: 1) : .eventsEditor)) {
                        span(.class("row-text")) { span(.class("row-title")) { "Events" } }
                        span(.class("row-detail event-total")) { String(destination.eventCount) }
                        span(.class("row-chevron"), .ariaHidden()) { "›" }
                    }
                }
                li {
                    a(.class("row trip-weather"), .href(.weather)) {
                        span(.class("row-text")) { span(.class("row-title")) { "Weather" } }
                        span(.class("row-chevron"), .ariaHidden()) { "›" }
                    }
                }
                li {
                    a(.class("row trip-map"), .href(.tripMap)) {
                        span(.class("row-text")) { span(.class("row-title")) { "Map" } }
                        span(.class("row-chevron"), .ariaHidden()) { "›" }
                    }
                }
                KeepOfflineRow(list: .tripKeepList, subject: "this trip", action: "Take this trip offline")
                for point in trip.pointsOfInterest {
                    li(.class("poi")) {
                        span(.class("row-title")) { point.title }
                        span(.class("row-detail coordinates")) { DestinationFormat.coordinate(point.coordinate) }
                    }
                }
            }
        }
    }
}
