import HTML
import RoadTrip

/// Your account: who you are, a form to change your password, and how book pages turn.
struct AccountView: HTML {
    let account: Account
    let notice: Notice?
    let reading: BookSettings

    var content: some HTML {
        section(.class("form-page")) {
            h2 { account.name }
            p(.class("hint")) { account.isOwner ? "Owner of this RoadTrip" : "Member of this RoadTrip" }
            if let notice { notice }
            form(.method("post"), .action(.accountPassword), .class("stacked")) {
                h2(.class("section-title")) { "Change your password" }
                FormToken()
                Field(caption: "Current password", name: "current", type: "password", autocomplete: "current-password")
                Field(caption: "New password", name: "password", type: "password", autocomplete: "new-password",
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
