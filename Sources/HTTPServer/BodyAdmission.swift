/// A request whose body is about to be spooled, as the server sees it when its headers have
/// arrived and before any byte of the body is read.
public struct RequestHead: Sendable {
    public var method: String
    /// Percent-decoded, without the query string.
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: Headers
    public var clientAddress: String
    /// From `Content-Length`; nil for a chunked body.
    public var declaredLength: UInt64?

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: Headers = Headers(),
        clientAddress: String = "", declaredLength: UInt64? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.clientAddress = clientAddress
        self.declaredLength = declaredLength
    }

    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// Whether a spooled body may be written to disk at all, decided from its head alone: a large
/// body is only ever stored for someone the application knows.
public enum BodyAdmission: Sendable {
    /// Store it, counted against `owner`'s share of the spool (an account, say).
    case accept(owner: String)
    /// Answer this now; the body is never stored.
    case refuse(Response)
}
