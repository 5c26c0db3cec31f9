import HTML
import RoadTrip

extension PageFrame {
    /// A screen of the account half: its list beside (or, on a phone, under) `detail`. Your
    /// account is the half's first screen; the others go back to it.
    static func account(_ screen: AccountMenuView.Screen, title: String, detail: any HTML, in app: App, for context: RequestContext)
        throws -> PageFrame
    {
        PageFrame(
            title: title, screen: .detail,
            master: AccountMenuView(account: try context.account, current: screen, hasFlickr: app.flickr != nil),
            detail: detail,
            back: screen == .account ? nil : (.account, "Your account"),
            masterBar: .account,
            tabRoot: screen == .account,
            // Settings says it in its Backups section, with the reason.
            warnsOfBackups: screen != .settings)
    }
}
