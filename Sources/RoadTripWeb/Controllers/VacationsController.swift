import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The Vacations tab: the list, Add, Import, a vacation's menu, rename, export, delete.
struct VacationsController: Controller {
    let app: App
    let context: RequestContext

    var store: VacationStore { app.library.vacations }

    func list() throws -> Response {
        var list = try listView()
        list.found = try app.library.foundTrips.proposed()
        return try screen(title: "Vacations", master: list)
    }

    /// The account's own vacations, then those shared with it.
    private func listView(current: Int64? = nil) throws -> VacationListView {
        let account = try context.account.id
        return VacationListView(vacations: try store.all(of: account), shared: try store.sharedWith(account), current: current)
    }

    func newForm() throws -> Response {
        try form(NewVacationView())
    }

    /// Creates the vacation; a blank name is answered on the field, a taken one with an alert
    /// and a button back; nothing is created for either.
    func add() throws -> Response {
        let name = context.field("name")
        do {
            let id = try store.create(named: name, for: try context.account.id)
            return .redirect(to: Route.vacation(id: id).path)
        } catch let error as VacationError {
            if case .alreadyExists(let taken) = error {
                return try form(NewVacationView(name: name, duplicate: taken), status: .conflict)
            }
            return try form(NewVacationView(name: name, error: error.description), status: .unprocessableContent)
        }
    }

    func importForm() throws -> Response {
        try form(VacationImportView(uploadToken: context.uploadToken ?? ""), title: "Import a vacation")
    }

    /// The document checked and added, or refused with the reason.
    func importDocument() throws -> Response {
        guard let file = context.upload?.files.first else {
            return try form(
                VacationImportView(uploadToken: context.uploadToken ?? "", error: "Choose a .vacation file."), title: "Import a vacation",
                status: .unprocessableContent)
        }
        do {
            let imported = try store.importDocument(at: file.path, for: try context.account.id)
            return .redirect(to: Route.vacation(id: imported.id).path)
        } catch let error as VacationError {
            return try form(
                VacationImportView(uploadToken: context.uploadToken ?? "", error: error.description), title: "Import a vacation",
                status: .unprocessableContent)
        }
    }

    func menu(_ id: Int64, renameError: String? = nil, status: Status = .ok) throws -> Response {
        let opening = try VacationOpening.signedIn(id, context: context, store: store)
        return try VacationBrowseController(app: app, context: context).menu(opening, renameError: renameError, status: status)
    }

    func rename(_ id: Int64) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        do {
            try store.rename(id, to: context.field("name"), for: try context.account.id)
        } catch let error as VacationError {
            return try menu(id, renameError: error.description, status: error.isConflict ? .conflict : .unprocessableContent)
        }
        return .redirect(to: Route.vacation(id: id).path)
    }

    func remove(_ id: Int64) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        try store.delete(id, for: try context.account.id)
        return .redirect(to: Route.vacations.path)
    }

    /// The confirmation naming the vacation and its photo count.
    func removalConfirmation(_ id: Int64) throws -> Response {
        let (vacation, _) = try VacationsController.owned(id, store: store, context: context)
        return try screen(
            title: "Delete \(vacation.name)", master: try listView(current: id),
            detail: VacationRemovalView(vacation: vacation), screen: .detail,
            back: (.vacation(id: id), vacation.name))
    }

    /// A HEAD of the export is answered with the same headers and the exact length a GET sends:
    /// the copy of the current version is made (or reused) for it, one per version, within the
    /// exports' limit (see `exportHead`).
    func exportHead(_ id: Int64) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        let head = try store.exportHead(id, for: try context.account.id)
        let headers: Headers = [
            "Content-Type": VacationsController.exportType, "Cache-Control": VacationsController.exportCaching,
            "Content-Disposition": VacationsController.attachment(head.name),
        ]
        return Response(status: .ok, headers: headers, body: .headersOnly(length: head.size))
    }

    /// The vacation as a document, one file, named for the vacation.
    func export(_ id: Int64) throws -> Response {
        let (vacation, _) = try VacationsController.owned(id, store: store, context: context)
        let account = try context.account.id
        let path = try store.export(id, for: account)
        guard
            var response = Response.file(
                at: path, contentType: VacationsController.exportType, cacheControl: VacationsController.exportCaching,
                for: context.request)
        else {
            throw HTTPError.notFound()
        }
        response.headers["Content-Disposition"] = VacationsController.attachment(vacation.name)
        return response
    }

    /// The vacation's photos with a position as waypoints and its tracks, as GPX 1.1 (the owner's, as the export is).
    func exportGPX(_ id: Int64) throws -> Response {
        let (vacation, _) = try VacationsController.owned(id, store: store, context: context)
        let gpx = try app.library.tracks.gpx(ofVacation: id, name: vacation.name, created: app.library.clock.seconds * 1000)
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "application/gpx+xml; charset=utf-8", "Cache-Control": VacationsController.exportCaching,
                "Content-Disposition": VacationsController.attachment(vacation.name, extension: "gpx"),
            ],
            body: .bytes(Array(gpx.utf8)))
    }

    private static let exportType = "application/vnd.sqlite3"
    private static let exportCaching = "private, no-store"

    /// `attachment; filename="Lisbon.vacation"; filename*=UTF-8''Lisbo%C3%A3.vacation`: an ASCII
    /// fallback without quotes or controls, and the real name percent-encoded.
    static func attachment(_ name: String, extension suffix: String = "vacation") -> String {
        let ascii = String(
            name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0 != "/" ? Character($0) : "_" })
        // RFC 5987 attr-chars only; Foundation's .alphanumerics would let non-ASCII letters through.
        let attributeCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~")
        let encoded = (name + "." + suffix).addingPercentEncoding(withAllowedCharacters: attributeCharacters) ?? "vacation.\(suffix)"
        return "attachment; filename=\"\(ascii).\(suffix)\"; filename*=UTF-8''\(encoded)"
    }

    /// The vacation when it is the account's; 403 when it is only shared with the account (only
    /// its owner renames, exports, deletes or shares it); 404 otherwise, exactly as for one that
    /// does not exist.
    static func owned(_ id: Int64, store: VacationStore, context: RequestContext) throws -> (Vacation, VacationContents) {
        let account = try context.account.id
        guard let entry = try store.vacation(id, of: account) else {
            if try store.accessible(id, for: account) != nil {
                throw HTTPError(status: .forbidden, message: VacationError.onlyTheOwner.description)
            }
            throw HTTPError.notFound("There is no such vacation.")
        }
        return (try entry.contents.summary(name: entry.name), entry.contents)
    }

    private func form(_ detail: any HTML, title: String = "Add vacation", status: Status = .ok) throws -> Response {
        try screen(
            title: title, master: try listView(), detail: detail,
            screen: .detail, back: (.vacations, "Vacations"), status: status)
    }

    func screen(
        title: String, master: any HTML, detail: (any HTML)? = nil, screen: PageFrame.Screen = .master,
        back: (route: Route, label: String)? = nil, status: Status = .ok
    ) throws -> Response {
        app.page(
            PageFrame(
                title: title, screen: screen, master: master,
                detail: detail ?? VacationPlaceholderView(),
                back: screen == .detail ? back : nil,
                masterBar: try MasterBar.photos(
                    .vacations, title: screen == .master ? title : "Vacations", back: screen == .master ? back : nil, flickr: app.flickr)
            ), context: context, status: status)
    }
}

extension VacationError {
    var isConflict: Bool {
        if case .alreadyExists = self { return true }
        return false
    }
}
