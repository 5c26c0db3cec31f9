import HTML
import RoadTrip

/// The sign-in form. One message for a wrong name or password, never which of the two.
struct SignInView: HTML {
    let next: String?
    let name: String
    let notice: Notice?
    /// No account exists yet: point at the setup link instead.
    let awaitingSetup: Bool

    var content: some HTML {
        section(.class("form-page")) {
            h2 { "Sign in to RoadTrip" }
            if let notice { notice }
            if awaitingSetup {
                p(.class("notice")) {
                    "RoadTrip is not set up yet. Open the setup link that "
                    code { "roadtrip serve" }
                    " printed when it started."
                }
            }
            // Signed in, the page it leads to takes the sign-in page's place in the history.
            form(.method("post"), .action(.signIn(next: nil)), .class("stacked"), .data("completes", "in-place")) {
                FormToken()
                if let next { input(.type("hidden"), .name("next"), .value(next)) }
                Field(caption: "Name", name: "name", value: name, autocomplete: "username")
                Field(caption: "Password", name: "password", type: "password", autocomplete: "current-password")
                button(.type("submit"), .class("button")) { "Sign in" }
            }
        }
    }
}
