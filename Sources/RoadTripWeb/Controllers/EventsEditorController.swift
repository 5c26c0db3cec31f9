import HTML
import HTTPServer
import RoadTrip

/// The trip's event pages as a list: add one (http or https only), remove one, move one.
struct EventsEditorController {
    let app: App
    let context: RequestContext

    func editor() throws -> Response {
        try page(try BookController(app: app, context: context).tripDestination(), notice: nil)
    }

    func add() throws -> Response {
        let destination = try BookController(app: app, context: context).tripDestination()
        return try attempt(destination, typed: context.field("url")) {
            let url = try EventList.validURL(context.field("url"))
            try app.library.events.add(url, destination: destination.id)
            app.copies?.request([url])
            return "Added the page at the end of the book."
        }
    }

    func remove(_ number: Int) throws -> Response {
        let destination = try BookController(app: app, context: context).tripDestination()
        return try attempt(destination) {
            try app.library.events.remove(page: number, destination: destination.id)
            return "Removed page \(number)."
        }
    }

    func move(_ number: Int) throws -> Response {
        let destination = try BookController(app: app, context: context).tripDestination()
        return try attempt(destination) {
            guard let target = Int(context.field("to")) else { throw TripError.noSuchEvent }
            try app.library.events.move(page: number, to: target, destination: destination.id)
            return "Moved page \(number) to \(target)."
        }
    }

    private func attempt(_ destination: Destination, typed: String = "", _ change: () throws -> String) throws -> Response {
        do {
            let message = try change()
            let updated = try app.catalog.destination(id: destination.id) ?? destination
            return try page(updated, notice: Notice(kind: .success, message: message))
        } catch let error as TripError {
            return try page(destination, notice: Notice(kind: .error, message: error.description), typed: typed, status: .unprocessableContent)
        }
    }

    private func page(_ destination: Destination, notice: Notice?, typed: String = "", status: Status = .ok) throws -> Response {
        let urls = destination.isSample ? [] : try app.library.events.all(destination: destination.id)
        let view = EventsEditorView(destination: destination, urls: urls, notice: notice, typed: typed)
        return app.page(PageFrame(
            title: "Event pages", screen: .detail, master: try app.menuView(for: context),
            detail: view, back: (.home, "RoadTrip")
        ), context: context, status: status)
    }
}
