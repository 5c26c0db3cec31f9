import HTML
import HTTPServer
import RoadTrip

/// The first start: the one-time link creates the owner account and signs them in.
struct SetupController: Controller {
    let app: App
    let context: RequestContext

    /// The owner form, reached through the printed link; without a valid link, what to do instead.
    func form(token: String?) throws -> Response {
        let alreadySetUp = !(try app.library.accounts.isEmpty())
        guard !alreadySetUp, let token, try app.library.setup.isValid(token: token) else {
            return page(
                SetupHelpView(alreadySetUp: alreadySetUp, tokenWasGiven: token != nil),
                status: token != nil && !alreadySetUp ? .forbidden : .ok)
        }
        return page(SetupView(token: token, name: "", notice: nil))
    }

    /// The owner created from the posted form, and signed in.
    func createOwner() throws -> Response {
        let setup = app.library.setup
        let token = context.form["token"]
        let alreadySetUp = !(try app.library.accounts.isEmpty())
        guard !alreadySetUp, let token, try setup.isValid(token: token) else {
            return page(SetupHelpView(alreadySetUp: alreadySetUp, tokenWasGiven: token != nil), status: .forbidden)
        }
        do {
            let password = context.field("password")
            let owner = try setup.createOwner(
                token: token, name: context.field("name"), password: password, repeated: context.field("repeated"))
            let grant = try app.authenticator.sessions.start(for: owner)
            var response = Response.redirect(to: Route.home.path)
            Cookies.set(Cookies.session, grant.token, maxAge: Int(SessionStore.lifetime), secure: app.secureCookies, on: &response)
            Cookies.delete(Cookies.form, secure: app.secureCookies, on: &response)
            return response
        } catch let error as AccountError {
            let view = SetupView(token: token, name: context.field("name"), notice: Notice(kind: .error, message: error.description))
            return page(view, status: .unprocessableContent)
        }
    }

    private func page(_ view: any HTML, status: Status = .ok) -> Response {
        app.page(PageFrame(title: "Set up RoadTrip", screen: .detail, master: nil, detail: view), context: context, status: status)
    }
}
