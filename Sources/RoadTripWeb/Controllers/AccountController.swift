import HTML
import HTTPServer
import RoadTrip

/// The signed-in person's own account: changing the password (the current one is required), and
/// where they are signed in.
struct AccountController: Controller {
    let app: App
    let context: RequestContext

    func show() throws -> Response {
        try page(notice: nil)
    }

    func changePassword() throws -> Response {
        let session = try context.requireSession()
        do {
            let grant = try app.authenticator.changePassword(
                of: session, current: context.field("current"), new: context.field("password"), repeated: context.field("repeated"),
                address: context.clientAddress
            )
            // A new session id, and every other session of the account is over: the page goes on
            // as the new session, so its forms (Sign out too) carry the new session's token.
            let renewed = AccountController(app: app, context: context.continuing(as: grant.session))
            var response = try renewed.page(
                notice: Notice(kind: .success, message: "Your password is changed. You are signed out everywhere else."))
            Cookies.set(Cookies.session, grant.token, maxAge: Int(SessionStore.lifetime), secure: app.secureCookies, on: &response)
            return response
        } catch let error as AccountError {
            if case .tooManyAttempts(let seconds) = error {
                var response = try page(notice: Notice(kind: .error, message: error.description), status: .tooManyRequests)
                response.headers["Retry-After"] = String(seconds)
                return response
            }
            return try page(notice: Notice(kind: .error, message: error.description), status: .unprocessableContent)
        }
    }

    /// Signed in: this browser and the account's other live sessions, with a way to end those.
    func sessions(notice: Notice? = nil) throws -> Response {
        let session = try context.requireSession()
        let view = AccountSessionsView(sessions: try app.authenticator.sessions.sessions(of: session), notice: notice)
        return app.page(try .account(.sessions, title: "Signed in", detail: view, in: app, for: context), context: context)
    }

    /// Signs out everywhere else: every other session of the account ends; this one goes on.
    func signOutElsewhere() throws -> Response {
        let ended = try app.authenticator.sessions.endOthers(than: try context.requireSession())
        let message =
            ended == 0
            ? "You were signed in nowhere else." : "Signed out of \(ended == 1 ? "1 other browser" : "\(ended) other browsers")."
        return try sessions(notice: Notice(kind: .success, message: message))
    }

    private func page(notice: Notice?, status: Status = .ok) throws -> Response {
        let account = try context.account
        let view = AccountView(
            account: account, notice: notice, reading: try app.library.trips.settings(of: account.id), hasFlickr: app.flickr != nil)
        return app.page(
            try .account(.account, title: "Your account", detail: view, in: app, for: context), context: context, status: status)
    }
}
