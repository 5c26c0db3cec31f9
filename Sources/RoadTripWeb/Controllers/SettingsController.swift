import HTML
import HTTPServer
import RoadTrip

/// Settings (the owner's): the Flickr API key. The key is never shown back, only whether one is set.
struct SettingsController {
    let app: App
    let context: RequestContext

    func settings() throws -> Response {
        try page(try flickr(), notice: nil)
    }

    /// The key saved or removed; one given to the server (option, environment) cannot be changed here.
    func save() throws -> Response {
        let flickr = try flickr()
        var notice: String? = nil
        if !flickr.keyIsConfigured {
            try flickr.storeKey(context.form["clear"] != nil ? nil : context.field("flickr_key"))
            notice = try flickr.apiKey() == nil ? "The Flickr key was removed." : "The Flickr key was saved."
        }
        return try page(flickr, notice: notice)
    }

    private func flickr() throws -> FlickrService {
        let session = try context.requireSession()
        guard session.account.mayManageAccounts else { throw HTTPError(status: .forbidden, message: "Only the owner can change the settings.") }
        guard let flickr = app.flickr else { throw HTTPError.notFound("This server has no settings to change.") }
        return flickr
    }

    private func page(_ flickr: FlickrService, notice: String?) throws -> Response {
        app.page(PageFrame(
            title: "Settings", screen: .detail, master: try app.menuView(for: context),
            detail: SettingsView(hasKey: try flickr.apiKey() != nil, keyIsConfigured: flickr.keyIsConfigured, notice: notice),
            back: (.home, "RoadTrip")
        ), context: context)
    }
}

struct SettingsView: HTML {
    let hasKey: Bool
    let keyIsConfigured: Bool
    let notice: String?

    var content: some HTML {
        section(.class("settings")) {
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
