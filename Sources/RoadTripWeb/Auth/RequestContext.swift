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
    /// Who sent the request: the peer's address, or the client a trusted proxy names.
    let clientAddress: String
    /// What an upload form of the signed-in session puts in its address (`FormTokens`).
    let uploadToken: String?
    /// The files an upload brought, checked like a form; nil for every other request.
    var upload: Upload? = nil
    /// The share link the request's address is under, as the pipeline opened it.
    var link: OpenedLink? = nil

    /// The signed-in session. The gate in `App` lets no request reach a non-public route without
    /// one; should that ever fail, the request is refused, not the process stopped.
    func requireSession() throws -> Session {
        guard let session else { throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was changed.") }
        return session
    }

    var account: Account {
        get throws { try requireSession().account }
    }

    /// The same request, now on `session` (after a password change gave it a new id).
    func continuing(as session: Session) -> RequestContext {
        RequestContext(
            request: request, session: session, form: form, formToken: session.csrfToken, formTokenIsNew: false,
            clientAddress: clientAddress, uploadToken: nil, upload: upload, link: link
        )
    }

    func field(_ name: String) -> String {
        form[name] ?? ""
    }
}

/// A request under a share link: the vacation it opens, and whether the link still waits for its password.
struct OpenedLink {
    let shared: SharedVacation
    let token: ShareToken
    let locked: Bool
}
