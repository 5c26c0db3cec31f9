import HTML

/// The owner's settings: the Flickr API key, unless the server's command line gives it.
struct SettingsView: HTML {
    let hasKey: Bool
    let keyIsConfigured: Bool
    let notice: String?

    var content: some HTML {
        section(.class("form-page settings")) {
            if let notice { Notice(kind: .success, message: notice) }
            h2 { "Flickr" }
            if keyIsConfigured {
                p { "The Flickr API key is given to the server on its command line or in its environment; change it there." }
            } else {
                p { hasKey ? "A Flickr API key is set. Enter another to replace it." : "With a Flickr API key, the photo tabs gain Flickr: its top places and their latest photos." }
                form(.method("post"), .action(.settings), .class("stacked")) {
                    FormToken()
                    div(.class("field")) {
                        label(.for("flickr-key")) { "Flickr API key" }
                        input(.id("flickr-key"), .type("password"), .name("flickr_key"), .autocomplete("off"), .maxlength(200))
                    }
                    button(.type("submit"), .class("button")) { "Save" }
                    if hasKey { button(.type("submit"), .name("clear"), .value("1"), .class("link-button")) { "Remove the key" } }
                }
            }
        }
    }
}
