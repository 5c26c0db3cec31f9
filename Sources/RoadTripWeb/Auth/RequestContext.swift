import HTTPServer
import RoadTrip

/// One request on its way through the app: who sent it, and, for a form post, its fields
/// (read only after the CSRF check passed).
struct RequestContext {
    let request: Request
    let session: Session?
    let form: Form
    /// The token the page's forms must send back: the session's, or the pre-session cookie's.
    let formToken: String
    /// True when `formToken` is new and must be set as the `rt_form` cookie on the answer.
    let formTokenIsNew: Bool

    /// The person signed in; controllers of non-public routes may rely on it.
    var account: Account {
        guard let session else { preconditionFailure("a non-public route was reached without a session") }
        return session.account
    }

    func field(_ name: String) -> String {
        form[name] ?? ""
    }
}
