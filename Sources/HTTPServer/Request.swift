#if canImport(Glibc)
    import Glibc
#endif

/// A request as the handler sees it: fully read, body included, independent of any socket.
public struct Request: Sendable {
    public var method: String
    /// The path, percent-decoded, without the query string.
    public var path: String
    /// Query parameters in order; a parameter without `=` has an empty value.
    public var query: [(name: String, value: String)]
    public var headers: Headers
    /// The body of a request kept in memory; empty for a spooled one (see `bodyFile`).
    public var body: [UInt8]
    /// The peer's IP address as text; empty for requests made without a socket.
    public var clientAddress: String
    /// The body's file for a spooled request (`Configuration.spoolsBody`); `body` is then empty.
    /// Nil for a request kept in memory, and for a spooled request whose body is empty (no file
    /// is made for nothing). A temporary file (mode 0600, made with `O_EXCL`, unpredictable
    /// name) that the server deletes after the handler returns: a handler that keeps the data
    /// must copy it, or `link(2)`/`rename(2)` it elsewhere in the same file system, before
    /// returning.
    public var bodyFile: String? {
        didSet { bodyFileSize = Request.sizeOfFile(at: bodyFile) }
    }
    /// Taken when `bodyFile` is set, so it stays right after the handler moved the file.
    private var bodyFileSize: Int

    public init(
        method: String = "GET", path: String, query: [(name: String, value: String)] = [],
        headers: Headers = Headers(), body: [UInt8] = [], clientAddress: String = "", bodyFile: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.bodyFile = bodyFile
        bodyFileSize = Request.sizeOfFile(at: bodyFile)
    }

    /// The body's length: the size of `bodyFile` when there is one, else `body.count`.
    public var bodySize: Int { bodyFile == nil ? body.count : bodyFileSize }

    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// `GET` and `HEAD` are answered alike; the server drops the body of a `HEAD` answer.
    public var isGetOrHead: Bool { method == "GET" || method == "HEAD" }

    private static func sizeOfFile(at path: String?) -> Int {
        var info = stat()
        guard let path, stat(path, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }
}
