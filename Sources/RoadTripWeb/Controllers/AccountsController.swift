import HTML
import HTTPServer
import RoadTrip

/// The owner's Accounts screen: add an account, reset a password, remove an account.
struct AccountsController: Controller {
    let app: App
    let context: RequestContext

    func list() throws -> Response {
        try requireOwner()
        return try page(notice: nil)
    }

    func add() throws -> Response {
        try requireOwner()
        return try attempt(status: .unprocessableContent, name: context.field("name")) {
            let account = try app.library.accounts.create(
                name: context.field("name"), password: context.field("password"), repeated: context.field("repeated"))
            return "Added \(account.name)."
        }
    }

    func remove(_ id: AccountID) throws -> Response {
        try requireOwner()
        return try attempt(status: .unprocessableContent) {
            let name = try app.library.accounts.account(id: id)?.name ?? "the account"
            try app.library.accounts.remove(id, by: context.account)
            return "Removed \(name)."
        }
    }

    func resetPassword(_ id: AccountID) throws -> Response {
        try requireOwner()
        return try attempt(status: .unprocessableContent) {
            guard let account = try app.library.accounts.account(id: id) else { throw AccountError.noSuchAccount }
            // Your own goes through Your account, which asks for the current password and keeps you signed in.
            guard try account.id != context.account.id else { throw AccountError.ownPasswordUnderYourAccount }
            try app.library.accounts.resetPassword(of: id, to: context.field("password"), repeated: context.field("repeated"))
            return "The password of \(account.name) is changed; their sessions have ended."
        }
    }

    /// Runs a change and shows the list with what happened; a refused change shows why and keeps what was typed.
    private func attempt(status: Status, name: String = "", _ change: () throws -> String) throws -> Response {
        do {
            return try page(notice: Notice(kind: .success, message: try change()))
        } catch let error as AccountError {
            return try page(notice: Notice(kind: .error, message: error.description), name: name, status: status)
        }
    }

    private func requireOwner() throws {
        guard try context.account.mayManageAccounts else {
            throw HTTPError(
                status: .forbidden, message: "Only the owner manages accounts. You can change your own password under Your account.")
        }
    }

    private func page(notice: Notice?, name: String = "", status: Status = .ok) throws -> Response {
        let view = AccountsView(accounts: try app.library.accounts.all(), viewer: try context.account, notice: notice, name: name)
        return app.page(try .account(.accounts, title: "Accounts", detail: view, in: app, for: context), context: context, status: status)
    }
}
