import Foundation
import HTTPServer
import RoadTrip

/// Where a page's copy stands, as web-view.js asks it while the copy is fetched: the browser cannot
/// see that a frame of another origin was refused, the server read the site's headers.
struct CopyStatusAnswer: Codable, Equatable {
    /// "none", "pending", "saved", "failed" or "unreachable" (`reason` is then RoadTrip's message for the page).
    var state: String
    /// The page's site refuses to be framed: show `copy` instead (saved only).
    var refusesFraming = false
    var copy: String?
    var madeAt: String?
    var reason: String?
    /// When RoadTrip asks an unreachable site again (ISO 8601), said in the reader's own zone.
    var retryAt: String?
}

extension BookController {
    func copyStatus(_ number: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        guard !destination.isSample, let url = try app.library.events.url(destination: destination.id, page: number) else {
            throw HTTPError.notFound("There is no event page \(number).")
        }
        return try copyStatus(of: url, copy: .eventCopy(page: number), site: .events, destination: destination)
    }

    func weatherCopyStatus() throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        guard !destination.isSample else { throw HTTPError.notFound("The sample destination has no weather page.") }
        return try copyStatus(of: destination.weatherURL, copy: .weatherCopy, site: .weather, destination: destination)
    }

    private func copyStatus(of url: String, copy: Route, site: Site, destination: Destination) throws -> Response {
        var answer = CopyStatusAnswer(state: "none")
        var state = app.copies?.state(of: url) ?? .none
        if case .unreachable = state {
            // Try again: the site is asked again once its time has come (`SavedCopies.retryFailedAfter`).
            app.copies?.request([url])
            state = app.copies?.state(of: url) ?? .none
        }
        switch state {
        case .none: break
        case .pending: answer.state = "pending"
        case .saved(let saved):
            answer = CopyStatusAnswer(
                state: "saved", refusesFraming: saved.refusesFraming, copy: copy.path,
                madeAt: BookController.madeAt(saved.madeAt)
            )
        case .failed(let reason): answer = CopyStatusAnswer(state: "failed", reason: reason)
        case .unreachable(_, let retryAt):
            answer = CopyStatusAnswer(
                state: "unreachable", reason: BookController.unreachable(destination, site), retryAt: BookController.instant(retryAt))
        }
        var response = Response(body: .bytes(Array(try JSONEncoder().encode(answer))))
        response.headers["Content-Type"] = "application/json"
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
