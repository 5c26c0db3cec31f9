import HTML
import HTTPServer
import RoadTrip

/// Settings (the owner's): the backups' status, and the Flickr API key. The key is never
/// shown back, only whether one is set.
struct SettingsController: Controller {
    let app: App
    let context: RequestContext

    func settings() throws -> Response {
        try requireOwner()
        return try page(notice: nil)
    }

    /// The key saved or removed; one given to the server (option, environment) cannot be changed here.
    func save() throws -> Response {
        try requireOwner()
        guard let flickr = app.flickr else { throw HTTPError.notFound("This server has no Flickr to set up.") }
        var notice: String? = nil
        if !flickr.keyIsConfigured {
            try flickr.storeKey(context.form["clear"] != nil ? nil : context.field("flickr_key"))
            notice = try flickr.apiKey() == nil ? "The Flickr key was removed." : "The Flickr key was saved."
        }
        return try page(notice: notice)
    }

    private func requireOwner() throws {
        let session = try context.requireSession()
        guard session.account.mayManageAccounts else {
            throw HTTPError(status: .forbidden, message: "Only the owner can change the settings.")
        }
    }

    private func page(notice: String?) throws -> Response {
        let flickr = try app.flickr.map { (hasKey: try $0.apiKey() != nil, keyIsConfigured: $0.keyIsConfigured) }
        let backups = BackupsSummary(
            schedule: app.backupSchedule, status: try app.library.backups.status(),
            next: try app.library.backups.nextScheduled(), warning: app.backupWarning(for: context.session))
        let detail = SettingsView(flickr: flickr, backups: backups, notice: notice)
        return app.page(try .account(.settings, title: "Settings", detail: detail, in: app, for: context), context: context)
    }
}
