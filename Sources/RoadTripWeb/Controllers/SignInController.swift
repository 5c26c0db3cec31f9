import HTTPServer
import RoadTrip

/// Signing in and out.
struct SignInController: Controller {
    let app: App
    let context: RequestContext

    func form(next: String?) throws -> Response {
        if context.session != nil { return .redirect(to: SafeRedirect.target(next)) }
        return try form(next: next, name: "", notice: nil)
    }

    func signIn(next: String?) throws -> Response {
        if context.session != nil { return .redirect(to: SafeRedirect.target(next ?? context.form["next"])) }
        let name = context.field("name")
        let target = context.form["next"]
        let outcome = try app.authenticator.signIn(
            name: name, password: context.field("password"),
            address: context.clientAddress, deviceToken: context.request.cookies[Cookies.device]
        )
        switch outcome {
        case .signedIn(let grant, let deviceToken):
            var response = Response.redirect(to: SafeRedirect.target(target))
            // A new id on every sign-in: a session id planted before sign-in is worth nothing.
            Cookies.set(Cookies.session, grant.token, maxAge: Int(SessionStore.lifetime), secure: app.secureCookies, on: &response)
            Cookies.set(Cookies.device, deviceToken, maxAge: Cookies.deviceLifetime, secure: app.secureCookies, on: &response)
            Cookies.delete(Cookies.form, secure: app.secureCookies, on: &response)
            return response
        case .refused:
            return try form(
                next: target, name: name, notice: Notice(kind: .error, message: "The name or password is not right."), status: .unauthorized
            )
        case .wait(let seconds):
            var response = try form(
                next: target, name: name, notice: Notice(kind: .error, message: SignInController.waitMessage(seconds)),
                status: .tooManyRequests)
            response.headers["Retry-After"] = String(seconds)
            return response
        }
    }

    func signOut() throws -> Response {
        let session = try context.requireSession()
        try app.authenticator.signOut(session)
        var response = Response.redirect(to: Route.signIn(next: nil).path)
        Cookies.delete(Cookies.session, secure: app.secureCookies, on: &response)
        // What the browser kept for the account (Cache Storage, IndexedDB, the service worker)
        // goes with it, so the next person on a shared device finds none of it.
        response.headers["Clear-Site-Data"] = Cookies.clearKeptData
        return response
    }

    private func form(next: String?, name: String, notice: Notice?, status: Status = .ok) throws -> Response {
        let view = SignInView(
            next: next.map(SafeRedirect.target).flatMap { $0 == Route.home.path ? nil : $0 },
            name: name, notice: notice,
            awaitingSetup: try app.library.accounts.isEmpty()
        )
        return app.page(PageFrame(title: "Sign in", screen: .detail, master: nil, detail: view), context: context, status: status)
    }

    static func waitMessage(_ seconds: Int64) -> String {
        AccountError.waitMessage(seconds)
    }
}
