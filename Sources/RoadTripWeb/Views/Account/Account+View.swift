import HTML
import RoadTrip

/// Your account: who you are and Sign out, the owner's screens (on a phone, where the account's
/// list is not beside it), a form to change your password, and how book pages turn.
struct AccountView: HTML {
    let account: Account
    let notice: Notice?
    let reading: BookSettings
    let hasFlickr: Bool

    var content: some HTML {
        section(.class("form-page")) {
            div(.class("account-card")) {
                div(.class("account-who")) {
                    h2(.class("account-name")) { account.name }
                    p(.class("hint")) { account.isOwner ? "Owner of this RoadTrip" : "Member of this RoadTrip" }
                }
                form(.method("post"), .action(.signOut), .class("sign-out")) {
                    FormToken()
                    button(.type("submit"), .class("button secondary")) { "Sign out" }
                }
            }
            // The account's list holds these beside the screen on a tablet; a phone has them here.
            ul(.class("rows account-links phone-only"), .ariaLabel("Manage")) {
                AccountMenuView.sessionsRow(current: nil)
                if account.mayManageAccounts { AccountMenuView.OwnerRows(current: nil, hasFlickr: hasFlickr) }
            }
            if let notice { notice }
            form(.method("post"), .action(.accountPassword), .class("stacked")) {
                h2(.class("section-title")) { "Change your password" }
                FormToken()
                Field(caption: "Current password", name: "current", type: "password", autocomplete: "current-password")
                Field(
                    caption: "New password", name: "password", type: "password", autocomplete: "new-password",
                    hint: "At least \(Credentials.minimumPasswordLength) characters. Changing it signs you out everywhere else.")
                Field(caption: "New password again", name: "repeated", type: "password", autocomplete: "new-password")
                button(.type("submit"), .class("button")) { "Change password" }
            }
            section(.class("stacked account-reading")) {
                h2(.class("section-title")) { "Reading" }
                p(.class("hint")) { "How the pages of the Events book and of your vacations' books turn." }
                ReadingSettingsForm(settings: reading, from: Route.account.path)
            }
        }
    }
}
