import Foundation

/// How the server listens and every limit it enforces. The defaults are chosen here on
/// purpose; libmicrohttpd's own (no connection timeout, no per-IP limit) are unsafe.
public struct Configuration: Sendable {
    public var host: String
    /// 0 asks the system for a free port; `Server.port` tells which.
    public var port: Int
    public var threadPoolSize: Int
    /// Seconds an idle connection is kept.
    public var connectionTimeout: Int
    public var perIPConnectionLimit: Int
    public var connectionLimit: Int
    /// Bytes libmicrohttpd may use per connection for headers and buffers.
    public var connectionMemoryLimit: Int
    /// Largest request body accepted; a larger one is answered 413 before it is read.
    public var maximumBodySize: Int
    /// Refuse requests that bend HTTP/1.1: header fields whose name is not a token (a space
    /// before the colon) or whose value holds a CR or NUL, a missing `Host`. (libmicrohttpd
    /// accepts a bare LF as a line end, as RFC 9112 allows.)
    public var strictParsing: Bool
    /// Added to every response that does not set them itself, including the ones the server
    /// makes on its own (413, 400): security headers belong on those too.
    public var headersOnEveryResponse: Headers
    /// Seconds `stop()` waits for requests in progress before closing anyway.
    public var shutdownGracePeriod: Double
    /// Requests for which this answers true have their body streamed to a temporary file
    /// instead of memory (`Request.bodyFile`), with `maximumSpooledBodySize` as their limit,
    /// checked against Content-Length before any byte is read and counted for chunked bodies,
    /// exactly like `maximumBodySize`. Called once per request, when its headers have arrived,
    /// on one of the server's threads; `path` is percent-decoded, without the query.
    public var spoolsBody: @Sendable (_ method: String, _ path: String) -> Bool
    /// Largest body accepted for a spooled request; a larger one is answered 413.
    public var maximumSpooledBodySize: Int
    /// Asked once per spooled request when its headers have arrived, before any byte of its body
    /// is read: who it is for (its share of `spoolLimits`), or the answer that refuses it. On one
    /// of the server's threads. The default accepts everyone as one owner.
    public var admitsSpooledBody: @Sendable (RequestHead) -> BodyAdmission
    /// Bounds on all spooled bodies together; past one, a request is answered 507 before it is read.
    public var spoolLimits: SpoolLimits
    /// Folder for the spooled bodies. Created if missing, mode 0700; an existing one must be a
    /// directory (not a link) of the server's user that no other user may write to, or uploads
    /// are answered 507.
    public var spoolFolder: String
    /// The path as the access log writes it, for an answer that did not name its own
    /// (`Response.logPath`): the place to keep a secret in an address (a share link's token)
    /// out of the log. The default writes the path as it came.
    public var pathForLog: @Sendable (String) -> String = { $0 }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, threadPoolSize: Int = 4, connectionTimeout: Int = 30,
        perIPConnectionLimit: Int = 128, connectionLimit: Int = 1024, connectionMemoryLimit: Int = 64 * 1024,
        maximumBodySize: Int = 1 << 20, strictParsing: Bool = true, headersOnEveryResponse: Headers = Headers(),
        shutdownGracePeriod: Double = 10, spoolsBody: @escaping @Sendable (_ method: String, _ path: String) -> Bool = { _, _ in false },
        maximumSpooledBodySize: Int = 512 << 20, spoolFolder: String = Configuration.defaultSpoolFolder,
        admitsSpooledBody: @escaping @Sendable (RequestHead) -> BodyAdmission = { _ in .accept(owner: "") },
        spoolLimits: SpoolLimits = SpoolLimits()
    ) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.connectionTimeout = connectionTimeout
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maximumBodySize = maximumBodySize
        self.strictParsing = strictParsing
        self.headersOnEveryResponse = headersOnEveryResponse
        self.shutdownGracePeriod = shutdownGracePeriod
        self.spoolsBody = spoolsBody
        self.maximumSpooledBodySize = maximumSpooledBodySize
        self.spoolFolder = spoolFolder
        self.admitsSpooledBody = admitsSpooledBody
        self.spoolLimits = spoolLimits
    }

    /// `roadtrip-uploads` in the system's temporary folder (`TMPDIR`, else `/tmp`).
    public static var defaultSpoolFolder: String {
        let base = NSTemporaryDirectory()
        return (base.hasSuffix("/") ? base : base + "/") + "roadtrip-uploads"
    }
}
