import HTML
import HTTPServer
import RoadTrip

/// The signed-in person's own account: changing the password (the current one is required).
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

    private func page(notice: Notice?, status: Status = .ok) throws -> Response {
        let account = try context.account
        let view = AccountView(
            account: account, notice: notice, reading: try app.library.trips.settings(of: account.id), hasFlickr: app.flickr != nil)
        return try app.accountPage(.account, title: "Your account", detail: view, context: context, status: status)
    }
}

extension App {
    /// A screen of the account half: its list beside (or, on a phone, under) `detail`. Your
    /// account is the half's first screen; Accounts and Settings go back to it.
    func accountPage(_ screen: AccountMenuView.Screen, title: String, detail: any HTML, context: RequestContext, status: Status = .ok)
        throws -> Response
    {
        let account = try context.account
        return page(
            PageFrame(
                title: title, screen: .detail,
                master: AccountMenuView(account: account, current: screen, hasFlickr: flickr != nil),
                detail: detail,
                back: screen == .account ? nil : (.account, "Your account"),
                masterBar: .account,
                tabRoot: screen == .account,
                // Settings says it in its Backups section, with the reason.
                warnsOfBackups: screen != .settings
            ), context: context, status: status)
    }
}
