import HTTPServer
import RoadTrip

extension Route {
    /// The shell: the Places screen's first page, the static files, the health check, the service
    /// worker, the offline page, a form token.
    var shellRoute: RouteDeclaration? {
        switch self {
        case .home: RouteDeclaration.get("/", as: Parse(.home), DestinationsController.self) { try $0.list() }.pageCached
        case .health: .beforeSession("/healthz", as: Parse(.health)) { app, _ in app.health() }
        case .asset(let name):
            .beforeSession("/static/\(asset: name)", as: Parse(Route.asset)) { app, request in
                guard let response = app.assets.response(for: name, request: request) else { throw HTTPError.notFound() }
                return response
            }
        case .serviceWorker:
            .beforeSession("/service-worker.js", as: Parse(.serviceWorker)) { app, request in
                try app.assets.serviceWorkerResponse(for: request)
            }
        case .offline: .get("/offline", as: Parse(.offline), public: true, KeptOnDeviceController.self) { $0.offlinePage() }
        case .formToken: .get("/session/form-token", as: Parse(.formToken), KeptOnDeviceController.self) { try $0.formToken() }
        default: nil
        }
    }
}
