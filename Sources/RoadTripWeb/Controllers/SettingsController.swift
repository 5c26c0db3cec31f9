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
        try app.accountPage(.settings, title: "Settings",
                            detail: SettingsView(hasKey: try flickr.apiKey() != nil, keyIsConfigured: flickr.keyIsConfigured, notice: notice),
                            context: context)
    }
}
