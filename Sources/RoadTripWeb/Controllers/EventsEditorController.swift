import HTML
import HTTPServer
import RoadTrip

/// The trip's event pages as a list, a page of rows at a time: add one (http or https only),
/// remove one, move one. The pages are the destination's, shared by the household, so only the
/// owner changes them; a member sees the list without its controls.
struct EventsEditorController: Controller {
    let app: App
    let context: RequestContext

    func editor(page: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        return try self.page(destination, showing: .listPage(page), notice: nil)
    }

    /// Added at the end, so the list's last page shows; a refusal shows the page the form was on.
    func add(from page: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        return try attempt(destination, refused: .listPage(page), typed: context.field("url")) {
            let url = try EventList.validURL(context.field("url"))
            try app.library.events.add(url, destination: destination.id)
            app.copies?.request([url])
            return ("Added the page at the end of the book.", .last)
        }
    }

    func remove(_ number: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        return try attempt(destination, refused: .row(number)) {
            try app.library.events.remove(page: number, destination: destination.id)
            return ("Removed page \(number).", .row(number))
        }
    }

    func move(_ number: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        return try attempt(destination, refused: .row(number)) {
            guard let target = Int(context.field("to")) else { throw TripError.noSuchEvent }
            try app.library.events.move(page: number, to: target, destination: destination.id)
            return ("Moved page \(number) to \(target).", .row(target))
        }
    }

    /// Which page of the list to show.
    enum Shown {
        /// The list's page `n` (from 1; past the last, the last).
        case listPage(Int)
        /// The list's page holding book page `n`.
        case row(Int)
        case last
    }

    private func attempt(
        _ destination: Destination, refused: Shown, typed: String = "", _ change: () throws -> (String, Shown)
    ) throws -> Response {
        guard try context.account.isOwner else {
            throw HTTPError(
                status: .forbidden,
                message: "Only the owner changes the event pages: they are the destination’s, shared by everyone here. Nothing was changed."
            )
        }
        do {
            let (message, shown) = try change()
            let updated = try app.catalog.destination(id: destination.id) ?? destination
            return try page(updated, showing: shown, notice: Notice(kind: .success, message: message))
        } catch let error as TripError {
            return try page(
                destination, showing: refused, notice: Notice(kind: .error, message: error.description), typed: typed,
                status: .unprocessableContent)
        }
    }

    /// One page of the list: its `EventsEditorView.pageSize` rows, read as one range.
    private func page(_ destination: Destination, showing shown: Shown, notice: Notice?, typed: String = "", status: Status = .ok) throws
        -> Response
    {
        let events = app.library.events
        // Counted when the destination was read (after any change this request made).
        let count = destination.isSample ? 0 : destination.eventCount
        let pages = max(1, (count + EventsEditorView.pageSize - 1) / EventsEditorView.pageSize)
        let number =
            switch shown {
            case .listPage(let page): page
            case .row(let row): (max(1, min(row, count)) - 1) / EventsEditorView.pageSize + 1
            case .last: pages
            }
        let listPage = min(max(1, number), pages)
        let first = (listPage - 1) * EventsEditorView.pageSize + 1
        let urls = count == 0 ? [] : try events.urls(destination: destination.id, pages: first...(first + EventsEditorView.pageSize - 1))
        let view = EventsEditorView(
            destination: destination, rows: EventsEditorView.Rows(urls: urls, first: first, count: count, page: listPage, pages: pages),
            mayEdit: try context.account.isOwner, notice: notice, typed: typed
        )
        return app.page(
            PageFrame(
                title: "Event pages", screen: .detail, master: try MenuView.read(for: context, from: app.library),
                detail: view, back: (.home, "RoadTrip")
            ), context: context, status: status)
    }
}
