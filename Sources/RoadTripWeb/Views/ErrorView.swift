import HTML
import HTTPServer

/// The detail pane of a 404 or 500 page: what happened, in words, and the way home.
struct ErrorView: HTML {
    let status: Status
    let message: String

    var content: some HTML {
        section(.class("empty-state error"), .role("alert")) {
            p(.class("status-code")) { String(status.code) }
            h2 { status == .notFound ? "Page not found" : status == .gone ? "This link has ended" : status.reason }
            p { message }
            // An ended share link's guest has no account to go home to.
            if status != .gone { p { a(.class("button"), .href(Route.home)) { "Go to the RoadTrip menu" } } }
        }
    }
}
