import HTML

/// What the shell needs from a page: its title, which pane a phone shows, and the two panes.
struct PageFrame {
    /// On a narrow screen only one pane shows: the list (master) or what was chosen (detail).
    enum Screen: String {
        case master, detail
    }

    var title: String
    var screen: Screen
    var master: any HTML
    var detail: any HTML
    /// Where the top bar's back button leads on a phone; none on the top level.
    var back: (route: Route, label: String)? = nil
}
