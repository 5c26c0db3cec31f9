/// A request as the handler sees it: fully read, body included, independent of any socket.
public struct Request: Sendable {
    public var method: String
    /// The path, percent-decoded, without the query string.
    public var path: String
    /// Query parameters in order; a parameter without `=` has an empty value.
    public var query: [(name: String, value: String)]
    public var headers: Headers
    public var body: [UInt8]
    /// The peer's IP address as text; empty for requests made without a socket.
    public var clientAddress: String

    public init(
        method: String = "GET", path: String, query: [(name: String, value: String)] = [],
        headers: Headers = Headers(), body: [UInt8] = [], clientAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// `GET` and `HEAD` are answered alike; the server drops the body of a `HEAD` answer.
    public var isGetOrHead: Bool { method == "GET" || method == "HEAD" }
}
