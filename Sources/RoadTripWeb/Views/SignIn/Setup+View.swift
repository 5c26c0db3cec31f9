import HTML
import RoadTrip

/// The first start's form: the owner's name and password, typed twice.
struct SetupView: HTML {
    let token: String
    let name: String
    let notice: Notice?

    var content: some HTML {
        section(.class("form-page")) {
            h2 { "Welcome to RoadTrip" }
            p { "Create the owner account. The owner adds the household's other accounts later." }
            if let notice { notice }
            form(.method("post"), .action(.setup(token: nil)), .class("stacked")) {
                FormToken()
                input(.type("hidden"), .name("token"), .value(token))
                Field(caption: "Name", name: "name", value: name, autocomplete: "username")
                Field(
                    caption: "Password", name: "password", type: "password", autocomplete: "new-password",
                    hint: "At least \(Credentials.minimumPasswordLength) characters.")
                Field(caption: "Password again", name: "repeated", type: "password", autocomplete: "new-password")
                button(.type("submit"), .class("button")) { "Create the owner account" }
            }
        }
    }
}

/// `/setup` without a valid link: how to get one, or that it is done.
struct SetupHelpView: HTML {
    let alreadySetUp: Bool
    let tokenWasGiven: Bool

    var content: some HTML {
        section(.class("form-page")) {
            h2 { alreadySetUp ? "RoadTrip is set up" : "Setting up RoadTrip" }
            if alreadySetUp {
                p { "The owner account exists already, so this link does nothing any more." }
                p { a(.class("button"), .href(.signIn(next: nil))) { "Sign in" } }
            } else {
                if tokenWasGiven { Notice(kind: .error, message: AccountError.setupTokenInvalid.description) }
                p {
                    "Setting up needs the one-time link that "
                    code { "roadtrip serve" }
                    " prints when it starts with no account (it looks like "
                    code { "http://127.0.0.1:8080/setup?token=…" }
                    "). Each start prints a new one and the older ones stop working. Or create the owner from the shell: "
                    code { "roadtrip user add NAME --owner" }
                    "."
                }
            }
        }
    }
}
