import HTML

/// RoadTrip | Photos | the signed-in person: the app tab bar. On a phone it is the bottom tab
/// bar of the lists (and of a half's first screen); on a tablet in landscape it sits at the foot
/// of the master column; in tablet portrait, where the column is an overlay, it runs along the
/// foot of the screen, so switching halves or reaching the account is one tap from anywhere.
/// It sits outside the scrolling content, so a long list never pushes it off screen. Plain
/// links, so the keyboard and a browser without JavaScript switch the way a tap does.
struct AppTabs: HTML {
    let current: AppHalf
    let viewer: Viewer
    /// The screen is its half's first (Your account): the bar shows on a phone as under a list.
    let tabRoot: Bool

    var content: some HTML {
        nav(.class(tabRoot ? "app-tabs tab-root" : "app-tabs"), .id("app-tabs"), .ariaLabel("Apps")) {
            tab(.roadTrip, .home, icon: .roadTrip, label: "RoadTrip")
            tab(.photos, .places(order: .byCountry), icon: .photos, label: "Photos")
            // The account's tab is named after the person: who is signed in, at a glance.
            tab(.account, .account, icon: .account, label: viewer.name, title: "Your account", class: "app-tab viewer")
        }
    }

    /// A picture above the words, as iOS tab bars have (`TabIcon`: drawn by RoadTrip, never missing).
    private func tab(_ half: AppHalf, _ route: Route, icon: TabIcon, label: String, title: String? = nil, class name: String = "app-tab")
        -> some HTML
    {
        a(.class(name), .href(route), .when(half == current, .ariaCurrent("page")), .ifPresent(title) { .title($0) }) {
            icon.svg
            span(.class("app-tab-label")) { label }
        }
    }
}
