import HTML
import RoadTrip

/// One destination: its picture, name, where it is and how many events it has.
struct DestinationDetailView: HTML {
    let model: DestinationDetail
    /// This destination is the account's trip already.
    let isChosen: Bool

    var content: some HTML {
        let destination = model.destination
        article(.class("destination")) {
            img(.class("destination-picture"), .src(.destinationImage(id: destination.id)), .alt("Picture of \(destination.name)"))
            h2(.class("destination-name")) { destination.name }
            if isChosen {
                p(.class("notice success chosen")) { "This is your trip." }
            } else {
                form(.method("post"), .action(.chooseDestination(id: destination.id)), .class("choose-form")) {
                    FormToken()
                    button(.type("submit"), .class("button choose")) { "Choose \(destination.name) for my trip" }
                }
            }
            dl(.class("facts")) {
                dt { "Where" }
                dd {
                    span(.class("location-title")) { destination.locationTitle }
                    if !destination.locationSubtitle.isEmpty {
                        span(.class("location-subtitle")) { destination.locationSubtitle }
                    }
                }
                dt { "Coordinates" }
                dd(.class("coordinates")) { DestinationFormat.coordinate(destination.coordinate) }
                dt { "Events" }
                dd(.class("event-count")) { DestinationFormat.eventCount(destination.eventCount) }
                dt { "Weather" }
                dd {
                    a(.href(destination.weatherURL), .class("target-link"), .rel("noopener noreferrer external"), .target("_blank")) {
                        "Forecast for \(destination.locationTitle)"
                    }
                }
            }
            if !model.pointsOfInterest.isEmpty {
                h2(.class("section-title")) { "Points of interest" }
                ul(.class("rows plain")) {
                    for point in model.pointsOfInterest {
                        li(.class("poi")) {
                            span(.class("row-title")) { point.title }
                            if !point.subtitle.isEmpty { span(.class("row-subtitle")) { point.subtitle } }
                            span(.class("row-detail coordinates")) { DestinationFormat.coordinate(point.coordinate) }
                        }
                    }
                }
            }
        }
    }
}
