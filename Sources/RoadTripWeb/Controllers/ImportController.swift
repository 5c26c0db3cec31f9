import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The owner's Import screen: what can be imported (the uploads, the server's `--import-from`
/// folder) with the upload of Takeout parts and export folders a piece at a time, the imports
/// asked for (a report first, then the import, done in the background), and the import runs
/// with Undo.
struct ImportController: Controller {
    let app: App
    let context: RequestContext

    var folders: ImportFolders { app.importFolders }

    func screen(notice: Notice? = nil, status: Status = .ok) throws -> Response {
        try requireOwner()
        let runs = try app.library.imports.all()
        return try importPage(
            title: "Import",
            detail: ImportView(
                entries: folders.entries(), serverFolder: folders.server?.path, asked: try app.library.importRequests.latest(limit: 5),
                runs: Array(runs.prefix(20)), importing: try app.library.importRequests.isImporting(), notice: notice
            ), status: status)
    }

    /// Asks for the report on the entries chosen (`entry`: "uploaded:NAME" or "server:NAME"), or
    /// for their import (`import`), then shows it as it goes.
    func ask() throws -> Response {
        let account = try requireOwner()
        let chosen = context.form.fields.filter { $0.name == "entry" }.map(\.value)
        guard !chosen.isEmpty else {
            return try screen(
                notice: Notice(kind: .error, message: "Choose what to import: a Takeout's parts, an export's folder, a folder of photos."),
                status: .unprocessableContent)
        }
        let paths: [String]
        do throws(ImportFailure) {
            paths = try folders.paths(
                of: chosen.map { entry throws(ImportFailure) in
                    let (place, name) = Self.entry(entry)
                    guard let place else { throw ImportFailure(message: "“\(entry.prefix(200))” is not among the files to import.") }
                    return (place, name)
                })
        } catch {
            return try screen(notice: Notice(kind: .error, message: error.message), status: .unprocessableContent)
        }
        let label = chosen.map { Self.entry($0).name }.joined(separator: ", ")
        let id = try app.library.importRequests.ask(
            paths: paths, label: label, by: account.id, withTrash: context.form["with-trash"] != nil,
            withArchive: context.form["with-archive"] != nil, dryRun: context.form["import"] == nil)
        return .redirect(to: Route.importRequest(id: id).path)
    }

    /// One import asked for: its report, or its progress and then its summary.
    func request(_ id: Int64) throws -> Response {
        try requireOwner()
        guard let asked = try app.library.importRequests.request(id) else { throw HTTPError.notFound("There is no such import.") }
        let entries = try asked.paths.map { path in try Self.entryValue(of: path, in: folders) }
        return try importPage(
            title: asked.dryRun ? "Before importing" : "Importing", detail: AskedImportView(asked: asked, entries: entries))
    }

    /// Removes the upload named by the form's `remove`; its photos, once imported, stay.
    func removeUpload() throws -> Response {
        try requireOwner()
        let name = context.field("remove")
        do {
            try folders.remove(name)
        } catch {
            return try screen(notice: Notice(kind: .error, message: error.message), status: .unprocessableContent)
        }
        return try screen(notice: Notice(kind: .success, message: "Removed the upload “\(name)”. What was imported from it stays."))
    }

    /// "Undo import run 3 (…)?": undoing takes away photos, so it is asked first.
    func undoQuestion(_ id: Int64) throws -> Response {
        try requireOwner()
        if try app.library.importRequests.isImporting() { return try screen(notice: Self.waitForImport, status: .conflict) }
        guard let run = try app.library.imports.run(id) else { throw HTTPError.notFound("There is no such import run.") }
        return try importPage(
            title: "Undo import",
            detail: Confirmation(
                classes: "form-page undo-import",
                message:
                    """
                    Undo import run \(run.id), \(run.source) (\(ImportView.summary(run)))? Its photos and videos that no other \
                    import brought go, and so do the vacations and tracks it made.
                    """,
                action: .importRunUndo(id: id), buttonTitle: "Undo the import", cancel: .importScreen
            ))
    }

    /// Undoes an import run, then the screen says what went.
    func undo(_ id: Int64) throws -> Response {
        try requireOwner()
        if try app.library.importRequests.isImporting() { return try screen(notice: Self.waitForImport, status: .conflict) }
        do {
            let undone = try app.library.imports.undo(id)
            return try screen(notice: Notice(kind: .success, message: undone.sentence(run: id)))
        } catch let error as ImportRunError {
            return try screen(notice: Notice(kind: .error, message: error.description), status: .unprocessableContent)
        }
    }

    /// How much of the upload `name` of `total` bytes has arrived: `{"size": 1048576, "complete":
    /// false}`, where a broken upload goes on from.
    func received(_ name: String?) throws -> Response {
        try requireOwner()
        guard let total = context.request.queryValue("total").flatMap(Int64.init) else {
            throw HTTPError(status: .badRequest, message: "Say how large the file is (total).")
        }
        do {
            let received = try folders.received(name ?? "", total: total)
            return Self.json(["size": received.size, "complete": received.complete])
        } catch {
            throw HTTPError(status: .unprocessableContent, message: error.message)
        }
    }

    /// A piece of an upload (the body, spooled), at `offset` of `total`: answered with how much
    /// has arrived, 409 when the piece does not start there (nothing written), 422 when refused.
    func receive(_ name: String?) throws -> Response {
        try requireOwner()
        let query = context.request
        guard let piece = context.upload?.files.first, let offset = query.queryValue("offset").flatMap(Int64.init), offset >= 0,
            let total = query.queryValue("total").flatMap(Int64.init)
        else {
            throw HTTPError(
                status: .badRequest, message: "An upload's piece says where it starts (offset) and how large the file is (total).")
        }
        do {
            let received = try folders.append(name ?? "", offset: offset, total: total, piece: piece.path)
            var response = Self.json(["size": received.size, "complete": received.complete])
            if !received.accepted, !received.complete { response.status = .conflict }
            return response
        } catch {
            throw HTTPError(status: error.status == 409 ? .conflict : .unprocessableContent, message: error.message)
        }
    }

    static let waitForImport = Notice(kind: .error, message: "An import is going on: Undo waits until it ends. Nothing was undone.")

    @discardableResult
    private func requireOwner() throws -> Account {
        let session = try context.requireSession()
        guard session.account.mayManageAccounts else {
            throw HTTPError(status: .forbidden, message: "Only the owner can import a library.")
        }
        return session.account
    }

    /// "uploaded:takeout-001.zip" → (.uploaded, "takeout-001.zip").
    static func entry(_ value: String) -> (place: ImportFolders.Place?, name: String) {
        guard let colon = value.firstIndex(of: ":") else { return (nil, value) }
        return (ImportFolders.Place(rawValue: String(value[..<colon])), String(value[value.index(after: colon)...]))
    }

    /// The form's value naming the entry at `path`, for the report's Import button.
    static func entryValue(of path: String, in folders: ImportFolders) throws -> String {
        let url = URL(fileURLWithPath: path)
        let place: ImportFolders.Place =
            url.deletingLastPathComponent().standardizedFileURL.path == folders.uploads.standardizedFileURL.path ? .uploaded : .server
        return "\(place.rawValue):\(url.lastPathComponent)"
    }

    static func json(_ object: [String: Any]) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map(Array.init) ?? []
        return Response(
            status: .ok, headers: ["Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"],
            body: .bytes(body))
    }

    /// A screen of Import, in the account half.
    private func importPage(title: String, detail: any HTML, status: Status = .ok) throws -> Response {
        app.page(try .account(.importing, title: title, detail: detail, in: app, for: context), context: context, status: status)
    }
}
