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
    /// The master column's own top bar: RoadTrip's menu, or the photo apps' tabs.
    var masterBar: MasterBar = .roadTrip
    /// Names the list in the master column when it stays the same from page to page (a place's
    /// grid): app.js then keeps the list as it is — scrolled, more pages loaded — and swaps the detail only.
    var masterKey: String? = nil
    /// Buttons at the trailing end of the detail's top bar (the photo viewer's Info, say).
    var detailActions: (any HTML)? = nil
    /// A half's first screen shown as a detail (Your account): on a phone its tab bar stays, as
    /// under a list, where a screen pushed onto the stack hides it.
    var tabRoot: Bool = false
    /// Whose kept pages these are on a device when nobody is signed in: a share link's (`FormTokens.keepKey(ofLink:)`).
    var keepKey: String? = nil
    /// The web app manifest, when not RoadTrip's: a share link's, which installs the vacation.
    var manifest: Route? = nil
    /// Whether the owner's backup warning (`BackupBanner`) heads the page: every page but the one that explains it.
    var warnsOfBackups = true
}

/// The master column's top bar and how the detail's top bar opens it in tablet portrait.
struct MasterBar {
    var title: String
    /// What the column is, for screen readers.
    var label: String
    /// The detail bar's button that opens the column as an overlay in tablet portrait: a list
    /// icon and the name of the list it opens.
    var openButton: String
    /// Back within the column (a place's photos back to Places), shown where the column is a screen of its own.
    var back: (route: Route, label: String)? = nil
    /// The photo apps' tab bar: Places | Timeline | Recents | Vacations | Map, with the current one marked.
    var tabs: [(route: Route, label: String, icon: TabIcon, isCurrent: Bool)] = []
    /// Which half of the app the column belongs to: the app tabs at its foot mark it.
    var half: AppHalf = .roadTrip
    /// A button at the bar's trailing end that adds to the list (Photos' "+", as iOS puts it).
    var add: (route: Route, label: String)? = nil

    static let roadTrip = MasterBar(title: "RoadTrip", label: "Destinations", openButton: "Destinations")
}

/// The halves of RoadTrip, switched by the app tab bar: the two apps it brings together, and
/// the signed-in person's account.
enum AppHalf {
    case roadTrip, photos, account
}

/// The signed-in person as the shell shows them: name, and the key their kept
/// pages go under on this device (`FormTokens.keepKey`).
struct Viewer {
    let name: String
    let keepKey: String
    /// The owner's warning that backups fail or are late, shown on every page.
    var backupWarning: BackupWarning? = nil

    init(session: Session, tokens: FormTokens, backupWarning: BackupWarning? = nil) {
        name = session.account.name
        keepKey = tokens.keepKey(of: session.account.id)
        self.backupWarning = backupWarning
    }
}
