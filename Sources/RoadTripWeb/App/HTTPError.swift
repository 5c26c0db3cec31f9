import HTTPServer

/// An error that carries the status it should be answered with and a message safe to show.
struct HTTPError: Error {
    let status: Status
    let message: String
    /// The methods the address answers, for the `Allow` header of a 405.
    var allowed: [String] = []
    /// Seconds for the `Retry-After` header of a 503.
    var retryAfter: Int? = nil

    static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(status: .notFound, message: message)
    }

    static func methodNotAllowed(allowed: [String]) -> HTTPError {
        HTTPError(status: .methodNotAllowed, message: "This address answers \(allowed.joined(separator: " and ")) only.", allowed: allowed)
    }

    /// A `Host` RoadTrip does not answer to (DNS rebinding, a stray name).
    static let misdirected = HTTPError(
        status: .misdirectedRequest,
        message: "RoadTrip does not answer to this host name. Open it at the address it was set up with."
    )
}
