import HTML
import RoadTrip

/// The account half's list: who is signed in, then the screens that are theirs to open (Your
/// account; the owner's Accounts and Settings). The third tab of the app tab bar opens it.
struct AccountMenuView: HTML {
    enum Screen {
        case account, accounts, settings
    }

    let account: Account
    let current: Screen
    /// Whether this server has settings to change (Settings is the owner's, and only where Flickr is on).
    let hasSettings: Bool

    var content: some HTML {
        ul(.class("rows account-menu")) {
            row(.account, .account, title: account.name, subtitle: account.isOwner ? "Owner of this RoadTrip" : "Member of this RoadTrip")
            if account.mayManageAccounts {
                row(.accounts, .accounts, title: "Accounts", subtitle: "Add, reset or remove the people who use it")
                if hasSettings { row(.settings, .settings, title: "Settings", subtitle: "The Flickr key") }
            }
        }
    }

    private func row(_ screen: Screen, _ route: Route, title: String, subtitle: String) -> some HTML {
        li {
            a(.class("row"), .href(route), .when(screen == current, .ariaCurrent("page"))) {
                span(.class("row-text")) {
                    span(.class("row-title")) { title }
                    span(.class("row-subtitle")) { subtitle }
                }
                span(.class("row-chevron"), .ariaHidden()) { "›" }
            }
        }
    }
}

extension MasterBar {
    static let account = MasterBar(title: "Account", label: "Account", openButton: "Account", half: .account)
}
