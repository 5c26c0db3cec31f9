import HTML
import HTTPServer
import RoadTrip

/// The first start: the one-time link creates the owner account and signs them in.
struct SetupController {
    let app: App
    let context: RequestContext

    func setup(token: String?) throws -> Response {
        let setup = app.library.setup
        let token = context.request.method == "POST" ? context.form["token"] : token
        let alreadySetUp = !(try app.library.accounts.isEmpty())
        guard !alreadySetUp, let token, try setup.isValid(token: token) else {
            let status: Status = context.request.method == "POST" || (token != nil && !alreadySetUp) ? .forbidden : .ok
            return page(SetupHelpView(alreadySetUp: alreadySetUp, tokenWasGiven: token != nil), status: status)
        }
        guard context.request.method == "POST" else {
            return page(SetupView(token: token, name: "", formToken: context.formToken, notice: nil))
        }
        do {
            let password = context.field("password")
            let owner = try setup.createOwner(token: token, name: context.field("name"), password: password, repeated: context.field("repeated"))
            let grant = try app.authenticator.sessions.start(for: owner)
            var response = Response.redirect(to: Route.home.path)
            Cookies.set(Cookies.session, grant.token, maxAge: Int(SessionStore.lifetime), secure: app.secureCookies, on: &response)
            Cookies.delete(Cookies.form, secure: app.secureCookies, on: &response)
            return response
        } catch let error as AccountError {
            let view = SetupView(token: token, name: context.field("name"), formToken: context.formToken, notice: Notice(kind: .error, message: error.description))
            return page(view, status: .unprocessableContent)
        }
    }

    private func page(_ view: any HTML, status: Status = .ok) -> Response {
        app.page(PageFrame(title: "Set up RoadTrip", screen: .detail, master: nil, detail: view), context: context, status: status)
    }
}
