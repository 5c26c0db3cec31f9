import HTML

/// RoadTrip | Photos, the tab bar at the foot of the master column: the bottom tab bar of a
/// phone (where the master is the whole screen), the foot of the column on a tablet. It sits
/// outside the column's scrolling content, so a long list never pushes it off screen. Plain
/// links, so the keyboard and a browser without JavaScript switch the way a tap does.
struct AppTabs: HTML {
    let current: AppHalf

    var content: some HTML {
        nav(.class("app-tabs"), .id("app-tabs"), .ariaLabel("Apps")) {
            tab(.roadTrip, .home, label: "RoadTrip")
            tab(.photos, .places(order: .byCountry), label: "Photos")
        }
    }

    /// Words, no pictures: an emoji or icon font may be missing, and a box in its place helps nobody.
    private func tab(_ half: AppHalf, _ route: Route, label: String) -> some HTML {
        a(.class("app-tab"), .href(route), .when(half == current, .ariaCurrent("page"))) {
            span(.class("app-tab-label")) { label }
        }
    }
}
