import Crypto
import HTTPServer
import RoadTrip

/// The one place where every state-changing request is checked: it must be a POST from a page
/// of this site (`Sec-Fetch-Site`, `Origin`) carrying the form token of the browser's session
/// (or, before sign-in, of its `rt_form` cookie). Anything else is refused with 403 and changes nothing.
enum CSRFGuard {
    static let field = "csrf"

    static func verifiedForm(_ request: Request, expectedToken: String?) throws(HTTPError) -> Form {
        try checkSameSite(request)
        let type = request.headers["Content-Type"]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard type == "application/x-www-form-urlencoded" else {
            throw HTTPError(status: .unsupportedMediaType, message: "RoadTrip's forms are sent as application/x-www-form-urlencoded.")
        }
        let form: Form
        do {
            form = try Form(urlEncoded: request.body)
        } catch {
            throw HTTPError(status: .badRequest, message: "\(error.description) Nothing was changed.")
        }
        guard let expectedToken, let sent = form[field], constantTimeEquals(Array(sent.utf8), Array(expectedToken.utf8)) else {
            throw refused
        }
        return form
    }

    /// The browser says the request came from a page of this site, or nothing (a non-browser client).
    /// A page sent with `Referrer-Policy: no-referrer` (a share link's) posts its forms with
    /// `Origin: null`: taken only where the browser says, in `Sec-Fetch-Site`, that the page was
    /// this site's (an opaque origin, a sandboxed frame's, is cross-site there).
    static func checkSameSite(_ request: Request) throws(HTTPError) {
        let site = request.headers["Sec-Fetch-Site"]
        if let site, site != "same-origin", site != "none" { throw refused }
        if let origin = request.headers["Origin"], !isSameOrigin(origin, host: request.headers["Host"]),
            !(origin == "null" && site == "same-origin")
        {
            throw refused
        }
    }

    static let refused = HTTPError(
        status: .forbidden,
        message:
            "This form has expired or did not come from a RoadTrip page, so nothing was changed. Go back, reload the page and try again."
    )

    /// `Origin` is scheme://host[:port]; compare its authority with the Host the browser used.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let separator = origin.range(of: "://") else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }
}
