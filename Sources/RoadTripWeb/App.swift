import Foundation
import HTML
import HTTPServer
import RoadTrip

/// RoadTrip on the web: one pure function from `Request` to `Response`. Tests call it
/// without a socket; the server calls it from its threads.
public struct App: Sendable {
    let catalog: DestinationCatalog
    let assets: AssetCatalog
    /// Pictures of imported destinations, looked up before the bundled demo pictures.
    let destinationImages: URL
    let log: LogSink

    public init(library: Library, assets: AssetCatalog, log: @escaping LogSink = Server.standardError) {
        self.catalog = library.catalog
        self.assets = assets
        self.destinationImages = library.folder.appendingPathComponent("destination-images")
        self.log = log
    }

    public func respond(to request: Request) -> Response {
        var response: Response
        do {
            response = try route(request)
        } catch let error as HTTPError {
            // The list stays beside a 404, so the person can go on from there.
            let master: any HTML = (try? catalog.all()).map { DestinationListView(destinations: $0, selected: nil) } ?? Fragment([])
            response = errorPage(status: error.status, message: error.message, master: master)
            if error.status == .methodNotAllowed { response.headers["Allow"] = "GET, HEAD" }
        } catch {
            // The log gets the cause; the person gets a page that shows no internals.
            log("error: \(request.method) \(request.path): \(error)")
            response = errorPage(status: .internalServerError, message: "Something went wrong on our side. Please try again.", master: Fragment([]))
        }
        SecurityHeaders.apply(to: &response)
        return response
    }

    private func route(_ request: Request) throws -> Response {
        guard let route = Route(path: request.path) else { throw HTTPError.notFound() }
        guard request.isGetOrHead else { throw HTTPError.methodNotAllowed(allowed: ["GET", "HEAD"]) }
        switch route {
        case .home:
            return try DestinationsController(app: self).list()
        case .destination(let id):
            return try DestinationsController(app: self).show(id: id)
        case .destinationImage(let id):
            return try DestinationsController(app: self).image(id: id, request: request)
        case .asset(let name):
            guard let response = assets.response(for: name, request: request) else { throw HTTPError.notFound() }
            return response
        case .health:
            return .text("ok\n")
        }
    }

    func page(_ frame: PageFrame, status: Status = .ok) -> Response {
        .html(Shell(frame: frame, assets: assets).render(), status: status)
    }

    private func errorPage(status: Status, message: String, master: any HTML) -> Response {
        let frame = PageFrame(
            title: status == .notFound ? "Not found" : status.reason,
            screen: .detail,
            master: master,
            detail: ErrorView(status: status, message: message)
        )
        var response = page(frame, status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
