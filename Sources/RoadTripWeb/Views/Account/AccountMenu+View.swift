import HTML
import RoadTrip

/// The account half's list: who is signed in, then the screens that are theirs to open (Your
/// account; the owner's Accounts and Settings). The third tab of the app tab bar opens it.
struct AccountMenuView: HTML {
    enum Screen {
        case account, sessions, accounts, settings, importing
    }

    let account: Account
    let current: Screen
    /// Whether this server has Flickr, whose key Settings holds beside the backups.
    let hasFlickr: Bool

    var content: some HTML {
        ul(.class("rows account-menu")) {
            AccountMenuView.row(
                .account, .account, current: current, title: account.name,
                subtitle: account.isOwner ? "Owner of this RoadTrip" : "Member of this RoadTrip")
            AccountMenuView.sessionsRow(current: current)
            if account.mayManageAccounts { OwnerRows(current: current, hasFlickr: hasFlickr) }
        }
    }

    /// The owner's screens: in the list, and on Your account on a phone, where the list is not beside it.
    struct OwnerRows: HTML {
        let current: Screen?
        let hasFlickr: Bool

        var content: some HTML {
            AccountMenuView.row(
                .accounts, .accounts, current: current, title: "Accounts", subtitle: "Add, reset or remove the people who use it")
            AccountMenuView.row(
                .settings, .settings, current: current, title: "Settings", subtitle: hasFlickr ? "Backups and the Flickr key" : "Backups")
            AccountMenuView.row(
                .importing, .importScreen, current: current, title: "Import",
                subtitle: "A Google Takeout, an iCloud export, folders of photos")
        }
    }

    /// Everyone's: where they are signed in.
    static func sessionsRow(current: Screen?) -> some HTML {
        row(.sessions, .accountSessions, current: current, title: "Signed in", subtitle: "Where you are signed in")
    }

    static func row(_ screen: Screen, _ route: Route, current: Screen?, title: String, subtitle: String) -> some HTML {
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
