import HTTPServer
import RoadTrip

extension App {
    static let databaseAway = "RoadTrip cannot reach its database just now. Nothing was changed; please try again in a moment."

    /// `/healthz` for a load balancer: 200 while this instance can serve, 503 while its database
    /// cannot be reached, so traffic goes to the instances that can.
    func health() -> Response {
        do {
            try library.checkDatabase()
            return .text("ok\n")
        } catch {
            log("health check: \(error)")
            var response = Response.text("database unreachable\n", status: .serviceUnavailable)
            response.headers["Retry-After"] = "5"
            return response
        }
    }
}
