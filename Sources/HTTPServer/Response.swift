/// What a handler answers.
public struct Response: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A regular file sent from its descriptor, never read into memory.
        /// `size` is the size the headers were computed for.
        case file(path: String, size: UInt64)
        /// `length` bytes of a regular file from `offset` (a range request's answer), sent from
        /// its descriptor; `size` is the whole file's, as the headers were computed for.
        case fileRange(path: String, size: UInt64, offset: UInt64, length: UInt64)
        /// Bytes made once and kept (an asset), sent from a descriptor of their memory file.
        case stored(StoredBody)
        /// No body, for a HEAD request whose GET would first make what it sends (an export):
        /// the headers describe that body, `length` bytes (sent as `Content-Length`), without
        /// anyone making it. Never for a GET: one given this by mistake is cut off rather than
        /// sent a body the headers do not describe. (A length is required: told the size is
        /// unknown, libmicrohttpd 0.9.75 answers a HEAD with a chunked terminator, a body.)
        case headersOnly(length: UInt64)
    }

    public var status: Status
    public var headers: Headers
    public var body: Body
    /// What the access log writes for the request's path, when the path holds what it must not
    /// (a share link's token): never sent.
    public var logPath: String? = nil

    public init(status: Status = .ok, headers: Headers = Headers(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func text(_ text: String, status: Status = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    public static func html(_ markup: String, status: Status = .ok) -> Response {
        html(bytes: Array(markup.utf8), status: status)
    }

    /// Markup already rendered to UTF-8.
    public static func html(bytes markup: [UInt8], status: Status = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(markup))
    }

    /// A redirect that a browser follows with a GET (303 after a form post).
    public static func redirect(to location: String, status: Status = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }
}

extension Response {
    static func tooLarge(_ limit: Int) -> Response {
        .text("The request body is larger than \(limit) bytes.\n", status: .contentTooLarge)
    }

    static func insufficientStorage(_ error: StorageError) -> Response {
        .text("The request body could not be stored: \(error).\n", status: .insufficientStorage)
    }
}
