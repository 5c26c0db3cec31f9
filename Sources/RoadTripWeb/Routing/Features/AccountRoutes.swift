import HTTPServer
import RoadTrip

extension Route {
    /// Accounts and settings: signing in and out, the first owner's setup, one's account, the
    /// household's accounts, Settings.
    var accountRoute: RouteDeclaration? {
        switch self {
        case .signIn(let next):
            RouteDeclaration(
                "/signin", query: Route.query("next", next), as: Parse(reading: { .signIn(next: $0.parameter("next")) }), public: true,
                SignInController.self, get: { try $0.form(next: next) },
                post: { try $0.signIn(next: next) })
        case .signOut: .post("/signout", as: Parse(.signOut), SignInController.self) { try $0.signOut() }
        case .setup(let token):
            RouteDeclaration(
                "/setup", query: Route.query("token", token), as: Parse(reading: { .setup(token: $0.parameter("token")) }), public: true,
                SetupController.self, get: { try $0.form(token: token) },
                post: { try $0.createOwner() })
        case .account: .get("/account", as: Parse(.account), AccountController.self) { try $0.show() }
        case .accountPassword: .post("/account/password", as: Parse(.accountPassword), AccountController.self) { try $0.changePassword() }
        case .accountSessions:
            RouteDeclaration(
                "/account/sessions", as: Parse(.accountSessions), AccountController.self, get: { try $0.sessions() },
                post: { try $0.signOutElsewhere() })
        case .accounts:
            RouteDeclaration(
                "/accounts", as: Parse(.accounts), AccountsController.self, get: { try $0.list() },
                post: { try $0.add() })
        case .accountRemoval(let id):
            .post("/accounts/\(id)/remove", as: Parse(Route.accountRemoval), AccountsController.self) { try $0.remove(id) }
        case .accountPasswordReset(let id):
            .post("/accounts/\(id)/password", as: Parse(Route.accountPasswordReset), AccountsController.self) { try $0.resetPassword(id) }
        case .settings:
            RouteDeclaration(
                "/settings", as: Parse(.settings), SettingsController.self, get: { try $0.settings() },
                post: { try $0.save() })
        default: nil
        }
    }
}
