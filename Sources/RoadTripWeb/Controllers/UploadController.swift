import Foundation
import HTML
import HTTPServer
import Imaging
import RoadTrip

/// The Upload screen, the form it posts without JavaScript, and the one-file posts its script makes.
struct UploadController: Controller {
    let app: App
    let context: RequestContext

    func form() throws -> Response {
        try page(detail: UploadView(uploadToken: context.uploadToken ?? ""), status: .ok)
    }

    /// The form's files (multipart, without the script), each imported, then a summary.
    func upload() throws -> Response {
        let files = context.upload?.files ?? []
        guard !files.isEmpty else {
            return try page(
                detail: Fragment {
                    Notice(kind: .error, message: "Choose one or more photos to upload.")
                    UploadView(uploadToken: context.uploadToken ?? "")
                }, status: .unprocessableContent)
        }
        let outcomes = try files.map { UploadOutcome(fileName: $0.fileName, outcome: try importFile($0)) }
        return try page(detail: UploadSummaryView(outcomes: outcomes), status: .ok)
    }

    /// One file posted by uploads.js: answered as JSON, so the script can show it in its row.
    func uploadFile() throws -> Response {
        guard let file = context.upload?.files.first else { throw HTTPError(status: .badRequest, message: "The upload was empty.") }
        let outcome = try importFile(file)
        var answer = UploadAnswer(
            fileName: file.fileName, outcome: UploadSummaryView.kind(outcome), message: UploadSummaryView.message(outcome))
        switch outcome {
        case .tracks(.success(let result)):
            answer.photo = result.tracks.first.map { Route.track(id: $0.id).path }
        case .tracks(.failure), .photo(.refused):
            break
        case .photo(.imported(let photo, let warnings)):
            answer.photo = Route.photo(id: photo.id, inRecents: false).path
            answer.thumbnail = Route.photoImage(id: photo.id, size: .thumbnail).path
            answer.warnings = warnings.isEmpty ? nil : warnings
        case .photo(.alreadyThere(let photo, _)), .photo(.paired(let photo)), .photo(.stacked(let photo)):
            answer.photo = Route.photo(id: photo.id, inRecents: false).path
            answer.thumbnail = Route.photoImage(id: photo.id, size: .thumbnail).path
        }
        var response = Response(
            status: UploadSummaryView.kind(outcome) == "refused" ? .unprocessableContent : .ok,
            body: .bytes(Array(try JSONEncoder().encode(answer))))
        response.headers["Content-Type"] = "application/json"
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// Imports in the request: a track file (recognised by its name's extension, then read
    /// by its content) whole or not at all; a photo with its thumbnail (which proves the file
    /// decodes), the preview made in the background.
    private func importFile(_ file: Upload.File) throws -> UploadResult {
        let account = try context.account.id
        if TrackFile.Format.of(fileName: file.fileName) != nil {
            do {
                // Reading it holds memory from the budget the image decodes use: uploads of both kinds at once cannot add up past it.
                let budget = app.library.photos.processor.decodeBudget
                let imported = try app.library.tracks.importFile(atPath: file.path, fileName: file.fileName, by: account, budget: budget)
                return .tracks(.success(imported))
            } catch let error as TrackFileError {
                return .tracks(.failure(error))
            }
        }
        let outcome = app.library.photos.importPhoto(at: file.path, fileName: file.fileName, by: account, inline: [.thumbnail])
        if case .imported(let photo, _) = outcome { app.library.queueRenditions(of: photo, log: app.log) }
        // In the day's run of uploads: Undo of another import keeps what an upload brought too.
        do {
            try app.library.imports.noteUpload(outcome, fileName: file.fileName, by: account)
        } catch {
            app.log("an upload could not be noted in its import run: \(error)")
        }
        return .photo(outcome)
    }

    private func page(detail: any HTML, status: Status) throws -> Response {
        app.page(
            PageFrame(
                title: "Upload photos",
                screen: .detail,
                master: try PlaceListView.read(order: .byCountry, from: app.library, for: try context.account.id),
                detail: detail,
                back: Route.backToPlaces,
                masterBar: try MasterBar.photos(.places, flickr: app.flickr)
            ), context: context, status: status)
    }
}

/// The script's view of one file's import.
private struct UploadAnswer: Encodable {
    let fileName: String
    let outcome: String
    let message: String
    var photo: String? = nil
    var thumbnail: String? = nil
    /// The EXIF fields left out as impossible, one sentence each (also in `message`).
    var warnings: [String]? = nil
}

extension ImportOutcome {
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
