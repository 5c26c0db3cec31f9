import Foundation
import HTML

/// Another site's page in a sandboxed frame (no `allow-same-origin`: it cannot reach
/// RoadTrip), with the status panel `web-view.js` fills: a spinner until it has loaded, or what went wrong.
/// The one place the sandbox of event and weather pages is written.
struct WebFrame: HTML {
    /// What the frame opens with; nil while RoadTrip's copy is being fetched: nothing is framed
    /// until the server knows what the site said (a site refusing framing is never framed), and
    /// RoadTrip's placeholder stands in the page's place.
    var source: String?
    let title: String
    /// The page's own address (web-view.js tells a followed link from it).
    let original: String
    /// A page of the Events book: fetched at once (`eager`) or when near (`lazy`), RoadTrip's copy
    /// of it (empty while there is none), and where web-view.js asks whether the copy exists yet.
    var loading: String? = nil
    var copy: String? = nil
    var copyStatus: String? = nil
    /// RoadTrip's message when the page's site could not be reached (web-view.js shows it in
    /// place of the page, with when RoadTrip asks again in the reader's own time), and where
    /// Try again asks whether it can be now.
    var unreachable: String? = nil
    var retryAt: String? = nil
    var retry: String? = nil
    /// The frame shows RoadTrip's copy whenever there is one (the Events book: its gesture turns
    /// the page from anywhere), not only where the site refuses framing (Weather: live data).
    var prefersCopy = false

    static let sandbox = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"

    var content: some HTML {
        div(.class("page-frame")) {
            iframe(
                .ifPresent(source, Attribute.src), .sandbox(WebFrame.sandbox), .referrerpolicy("no-referrer"), .title(title),
                .ifPresent(loading, Attribute.loading), .data("original", original), .ifPresent(copy) { .data("copy", $0) },
                .ifPresent(copyStatus) { .data("copy-status", $0) }, .ifPresent(unreachable) { .data("unreachable", $0) },
                .ifPresent(retryAt) { .data("retry-at", $0) }, .ifPresent(retry) { .data("retry", $0) },
                .when(prefersCopy, .data("prefers", "copy"))
            ) {}
            if source == nil {
                div(.class("page-status", "loading", "placeholder"), .role("status")) {
                    span(.class("spinner"), .ariaHidden()) {}
                    span(.class("status-text")) { "Fetching a copy of this page…" }
                    span(.class("status-site")) { WebFrame.site(of: original) }
                }
            } else {
                div(.class("page-status"), .role("status")) {
                    span(.class("spinner"), .ariaHidden()) {}
                    span(.class("status-text")) { "Loading…" }
                }
            }
        }
    }

    /// The site a page is on, as its placeholder names it ("events.example.com").
    static func site(of address: String) -> String {
        URLComponents(string: address)?.host ?? address
    }
}
