import Crypto
import Foundation
import HTTPServer

/// Files a request brought: the upload form's (multipart, without JavaScript) or the one
/// file the upload screen's script posts as the body. They live in `folder`, which the app
/// removes when the request is answered.
struct Upload {
    struct File {
        let path: String
        /// As the browser sent it: a title at most, never a path.
        let fileName: String
    }

    let files: [File]
    let folder: String?
}

extension CSRFGuard {
    /// The header the upload screen's script sends the form token in (its body is the file).
    static let header = "X-CSRF-Token"

    /// Checks an upload's head, before its body is stored: same site, and the session's form
    /// token in `X-CSRF-Token` (the script's post) or its upload token in the address (a form,
    /// whose `csrf` field is checked again when the body has arrived).
    static func checkUploadHead(_ request: Request, formToken: String, uploadToken: String, uploadTokenParameter: String) throws(HTTPError)
    {
        try checkSameSite(request)
        if let sent = request.headers[header], constantTimeEquals(Array(sent.utf8), Array(formToken.utf8)) { return }
        if let sent = request.queryValue(uploadTokenParameter), constantTimeEquals(Array(sent.utf8), Array(uploadToken.utf8)) { return }
        throw refused
    }

    /// Checks an upload like any form post — same site, the session's form token — and reads
    /// its files. The token of a multipart form is its `csrf` field; the script's single-file
    /// post carries it in `X-CSRF-Token`. On refusal every file read is removed.
    static func verifiedUpload(_ request: Request, expectedToken: String, fileName: String?, folder: String) throws(HTTPError) -> Upload {
        try checkSameSite(request)
        let contentType = request.headers["Content-Type"] ?? ""
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let bodyFile = request.bodyFile else {
            throw HTTPError(status: .badRequest, message: "The upload was empty: choose one or more photos.")
        }
        if type == "multipart/form-data" {
            let form: MultipartForm
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                form = try MultipartForm(parsing: bodyFile, contentType: contentType, into: folder)
            } catch let error as MultipartError {
                try? FileManager.default.removeItem(atPath: folder)
                // The parser's status tells a malformed form (400) from one over a limit (413) or a full disk (507).
                throw HTTPError(status: error.status, message: "The upload could not be read: \(error.description). Nothing was imported.")
            } catch {
                throw HTTPError(status: .internalServerError, message: "The upload could not be stored. Nothing was imported.")
            }
            guard let sent = form.value(field), constantTimeEquals(Array(sent.utf8), Array(expectedToken.utf8)) else {
                try? FileManager.default.removeItem(atPath: folder)
                throw refused
            }
            return Upload(files: form.files.map { Upload.File(path: $0.path, fileName: $0.fileName) }, folder: folder)
        }
        guard let sent = request.headers[header], constantTimeEquals(Array(sent.utf8), Array(expectedToken.utf8)) else { throw refused }
        return Upload(files: [Upload.File(path: bodyFile, fileName: fileName ?? "")], folder: nil)
    }
}
