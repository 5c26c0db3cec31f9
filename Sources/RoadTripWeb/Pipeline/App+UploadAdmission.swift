import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Synchronization

extension App {
    /// The parameter of an upload form's address that carries its upload token.
    static let uploadTokenParameter = "upload"

    /// Whether an upload's body may be stored, decided when its headers have arrived and before
    /// a byte of it is read: only for a signed-in session, from a page of this site, with the
    /// session's token — `X-CSRF-Token` for the script's one-file post, the upload token in the
    /// address for a form. Anything else is answered now (403), so a stranger cannot fill the
    /// disk with bodies that would be refused after they arrived. Each account's uploads share
    /// one part of the spool's bounds.
    public func admitsUpload(_ head: RequestHead) -> BodyAdmission {
        let request = Request(
            method: head.method, path: head.path, query: head.query, headers: head.headers, clientAddress: head.clientAddress)
        do {
            guard hosts.allows(request.headers["Host"]) else { throw HTTPError.misdirected }
            guard let session = try request.cookies[Cookies.session].flatMap({ try authenticator.sessions.session(token: $0) }) else {
                throw HTTPError(status: .forbidden, message: "Sign in first. Nothing was uploaded.")
            }
            try CSRFGuard.checkUploadHead(
                request, formToken: session.csrfToken, uploadToken: tokens.uploadToken(forFormToken: session.csrfToken),
                uploadTokenParameter: Self.uploadTokenParameter
            )
            return .accept(owner: "account \(session.account.id.rawValue)")
        } catch {
            return .refuse(RequestPipeline.refusal(error, answering: request, in: self))
        }
    }
}
