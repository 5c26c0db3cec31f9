import HTML
import RoadTrip

/// The owner's list of accounts, each with a password reset and a remove button, and a form to add one.
struct AccountsView: HTML {
    let accounts: [Account]
    let viewer: Account
    let notice: Notice?
    let name: String

    var content: some HTML {
        section(.class("form-page wide")) {
            h2 { "Accounts" }
            if let notice { notice }
            ul(.class("rows plain accounts")) {
                ForEach(accounts) { account in li(.class("account")) { row(account) } }
            }
            form(.method("post"), .action(.accounts), .class("stacked")) {
                h2(.class("section-title")) { "Add an account" }
                FormToken()
                Field(caption: "Name", name: "name", value: name, autocomplete: "off")
                Field(
                    caption: "Password", name: "password", type: "password", autocomplete: "new-password",
                    hint: "At least \(Credentials.minimumPasswordLength) characters. Tell it to the person; they can change it.")
                Field(caption: "Password again", name: "repeated", type: "password", autocomplete: "new-password")
                button(.type("submit"), .class("button")) { "Add account" }
            }
        }
    }

    private func row(_ account: Account) -> some HTML {
        Fragment {
            span(.class("row-title")) { account.name }
            span(.class("row-subtitle")) { account.isOwner ? "Owner" : "Member" }
            if account.id == viewer.id {
                a(.href(.account), .class("target-link")) { "Change your password" }
            } else {
                resetForm(account)
                removeForm(account)
            }
        }
    }

    private func resetForm(_ account: Account) -> some HTML {
        form(.method("post"), .action(.accountPasswordReset(account.id)), .class("inline-form reset")) {
            FormToken()
            passwordInput("password", label: "New password for \(account.name)", placeholder: "New password")
            passwordInput("repeated", label: "New password again for \(account.name)", placeholder: "Again")
            button(.type("submit"), .class("link-button")) { "Reset password" }
        }
    }

    private func passwordInput(_ name: String, label: String, placeholder: String) -> some HTML {
        input(.type("password"), .name(name), .ariaLabel(label), .placeholder(placeholder), .autocomplete("new-password"), .required())
    }

    private func removeForm(_ account: Account) -> some HTML {
        form(.method("post"), .action(.accountRemoval(account.id)), .class("inline-form")) {
            FormToken()
            button(.type("submit"), .class("link-button danger")) { "Remove \(account.name)" }
        }
    }
}
