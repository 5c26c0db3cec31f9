import HTML
import RoadTrip

/// Signed in: the browsers where the account is signed in, this one first, each with when it
/// signed in and was last used, and a button that signs out of all the others.
struct AccountSessionsView: HTML {
    let sessions: [SessionSummary]
    let notice: Notice?

    var content: some HTML {
        section(.class("form-page account-sessions")) {
            if let notice { notice }
            ul(.class("rows session-list"), .ariaLabel("Browsers signed in")) {
                ForEach(sessions) { session in
                    li(.class("row session")) {
                        span(.class("row-text")) {
                            span(.class("row-title")) { session.isCurrent ? "This browser" : "Another browser" }
                            span(.class("row-subtitle")) {
                                "Signed in "
                                SharingFormat.localTime(session.startedAt)
                                // Written at most once an hour (`SessionStore.touchInterval`): said once it differs.
                                if !session.isCurrent, session.lastUsedAt > session.startedAt {
                                    " · last used "
                                    SharingFormat.localTime(session.lastUsedAt)
                                }
                            }
                        }
                    }
                }
            }
            p(.class("hint session-note")) {
                """
                A browser stays signed in for 30 days, or until it is unused for 7. Changing your password signs you out \
                everywhere else too.
                """
            }
            if sessions.contains(where: { !$0.isCurrent }) {
                form(.method("post"), .action(.accountSessions), .class("stacked")) {
                    FormToken()
                    button(.type("submit"), .class("button danger")) { "Sign out everywhere else" }
                }
            } else {
                p(.class("empty-note")) { "You are signed in only here." }
            }
        }
    }
}
