import HTML
import RoadTrip

/// What the shell needs from a page: its title, which pane a phone shows, and the panes.
struct PageFrame {
    /// On a narrow screen only one pane shows: the list (master) or what was chosen (detail).
    enum Screen: String {
        case master, detail
    }

    var title: String
    var screen: Screen
    /// Nil for pages of their own, without the list: signing in, setting up.
    var master: (any HTML)?
    var detail: any HTML
    /// Where the top bar's back button leads on a phone; none on the top level.
    var back: (route: Route, label: String)? = nil
}

/// The signed-in person as the shell shows them: name, owner or not, and the form token for
/// the sign-out button.
struct Viewer {
    let name: String
    let isOwner: Bool
    let formToken: String

    init(session: Session) {
        name = session.account.name
        isOwner = session.account.isOwner
        formToken = session.csrfToken
    }
}
