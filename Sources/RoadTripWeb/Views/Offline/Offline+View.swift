import HTML

/// The page a device shows, without a network, for a page it did not keep. It holds nothing of
/// anyone's: network-status.js lists what this browser keeps for the signed-in account, and the
/// changes waiting to be sent.
struct OfflineView: HTML {
    var content: some HTML {
        section(.class("offline-page empty-state"), .ariaLabel("Offline")) {
            h2(.id("offline-heading")) { "This page is not kept on this device" }
            p { "RoadTrip cannot be reached, and this page was not kept for use without a network. What is kept works as usual:" }
            div(.class("kept-list"), .id("kept-list")) {
                p(.class("hint")) {
                    """
                    Nothing is kept on this device yet. Choose “Take this trip offline” in the trip’s menu, or “Keep offline” in a \
                    vacation’s menu, while RoadTrip can be reached.
                    """
                }
            }
            div(.class("waiting-changes"), .id("waiting-changes")) {}
            p { a(.class("button"), .href(Route.home)) { "Try again" } }
        }
    }
}

/// The row that keeps the trip, or a vacation, on this device: kept-sets.js shows it (a service
/// worker needs JavaScript) with what is kept, its size and when, or why it cannot be offered
/// (a page over plain HTTP from another machine is not a secure context).
struct KeepOfflineRow: HTML {
    /// Where kept-sets.js reads what to keep.
    let list: Route
    /// "this trip", "this vacation".
    let subject: String
    /// "Take this trip offline", "Keep this vacation offline".
    let action: String

    var content: some HTML {
        li(.class("keep-offline"), .data("keep-list", list.path), .data("keep-subject", subject), .data("keep-action", action), .hidden()) {
            div(.class("row keep-row")) {
                span(.class("row-text")) {
                    span(.class("row-title keep-title")) { action }
                    span(.class("row-subtitle keep-status"), .role("status")) {}
                }
                span(.class("keep-actions")) {}
            }
        }
    }
}
