import CMicroHTTPD
import CMicroHTTPDShim
import Foundation
import SystemCalls
#if canImport(Glibc)
    import Glibc
#endif

/// Answers a request. Runs on one of libmicrohttpd's threads; must not block for long.
public typealias Handler = @Sendable (Request) -> Response
/// Receives one line of text: an access-log line or a message from libmicrohttpd.
public typealias LogSink = @Sendable (String) -> Void

/// An HTTP/1.1 server on libmicrohttpd: a thread pool (poll, see the shim) running a synchronous handler.
public final class Server: Sendable {
    /// The port actually listened on (useful when the configuration asked for port 0).
    public let port: Int
    public let configuration: Configuration
    private let context: ServerContext
    /// Written once in `init`, read by `stop()` under `context.lifecycle`; libmicrohttpd's
    /// functions are safe to call from any thread.
    private nonisolated(unsafe) let daemon: OpaquePointer
    /// Allocated in `init`, freed once by `stop()` (`DaemonHandles.close`) after the daemon that used it is gone.
    private nonisolated(unsafe) let logger: UnsafeMutablePointer<rt_mhd_logger>
    /// Made in `init`, freed once by `stop()` (`DaemonHandles.close`) after the daemon that read it is gone.
    private nonisolated(unsafe) let ownAnswerHeaders: OpaquePointer?

    public init(configuration: Configuration, log: @escaping LogSink = Server.standardError, handler: @escaping Handler) throws(StartError)
    {
        let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        let context = ServerContext(handler: handler, log: log, configuration: configuration)
        let logger = UnsafeMutablePointer<rt_mhd_logger>.allocate(capacity: 1)
        logger.initialize(to: rt_mhd_logger(callback: forwardDaemonMessage, context: Unmanaged.passUnretained(context).toOpaque()))
        var settings = rt_mhd_settings(
            listen_fd: socket.fd,
            thread_pool_size: UInt32(max(1, configuration.threadPoolSize)),
            connection_timeout: UInt32(max(1, configuration.connectionTimeout)),
            per_ip_connection_limit: UInt32(max(1, configuration.perIPConnectionLimit)),
            connection_limit: UInt32(max(1, configuration.connectionLimit)),
            connection_memory_limit: max(8 * 1024, configuration.connectionMemoryLimit),
            strict_for_client: configuration.strictParsing ? 1 : 0,
            own_answer_headers: Server.headerList(configuration.headersOnEveryResponse)
        )
        let opaque = Unmanaged.passRetained(context).toOpaque()
        guard let daemon = rt_mhd_start(&settings, accessHandler, opaque, requestCompleted, opaque, logger) else {
            Unmanaged<ServerContext>.fromOpaque(opaque).release()
            rt_mhd_header_list_free(settings.own_answer_headers)
            logger.deallocate()
            close(socket.fd)
            throw StartError(description: "libmicrohttpd could not start on \(configuration.host):\(socket.port)")
        }
        self.daemon = daemon
        self.logger = logger
        self.ownAnswerHeaders = settings.own_answer_headers
        self.context = context
        self.configuration = configuration
        self.port = socket.port
    }

    /// Stops accepting connections, lets requests in progress finish (up to the grace
    /// period), then closes everything. Safe to call more than once and from any thread.
    ///
    /// Returns by the end of the grace period whatever the handlers do. A handler still
    /// running then cannot be interrupted (it holds one of the daemon's threads, which
    /// `MHD_stop_daemon` joins): its request is abandoned, logged, and the daemon is closed on
    /// another thread once the last such handler returns, or never, when the process exits first.
    public func stop() {
        guard context.beginStopping() else {
            context.waitUntilStopped()
            return
        }
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        let stillRunning = context.waitForRequestsInProgress(timeout: configuration.shutdownGracePeriod)
        let handles = DaemonHandles(daemon: daemon, logger: logger, ownAnswerHeaders: ownAnswerHeaders, context: context)
        if stillRunning == 0 {
            handles.close()
        } else {
            context.log(
                "stopping with \(stillRunning) \(stillRunning == 1 ? "request" : "requests") still being answered after "
                    + "\(configuration.shutdownGracePeriod) s: abandoned")
            Thread.detachNewThread { handles.close() }
        }
        context.markStopped()
    }
    /// Blocks until `stop()` has finished.
    public func waitUntilStopped() {
        context.waitUntilStopped()
    }

    /// Number of requests received and not yet completed.
    public var requestsInProgress: Int { context.requestsInProgress }

    /// Number of requests whose handler is running now.
    public var handlersRunning: Int { context.handlersRunning }

    /// The handlers `stop()` left running, counted when its grace period ended (a handler
    /// that ends later does not change it): nonzero, the process should end without the
    /// clean-ups that could pull state from under them.
    public var handlersAbandoned: Int { context.handlersAbandoned }

    deinit {
        stop()
    }

    /// The headers of every answer as the shim keeps them, for the answers libmicrohttpd makes itself.
    private static func headerList(_ headers: Headers) -> OpaquePointer? {
        let names = headers.fields.map { strdup($0.name) }
        let values = headers.fields.map { strdup($0.value) }
        defer { (names + values).forEach { free($0) } }
        return rt_mhd_header_list_create(names.map { UnsafePointer($0) }, values.map { UnsafePointer($0) }, names.count)
    }

    /// One write per line, so the lines of requests answered at once never mix.
    public static let standardError: LogSink = { line in
        var text = line + "\n"
        text.withUTF8 { bytes in _ = try? writeAll(UnsafeRawBufferPointer(bytes), toDescriptor: STDERR_FILENO) }
    }
}

/// What `Server.stop()` frees once the daemon is gone, handed to the one thread that closes it.
private struct DaemonHandles: @unchecked Sendable {
    // Unchecked: C pointers. After `stop()` hands them over, only `close()` touches them, once
    // (`ServerContext.beginStopping` lets one caller through); libmicrohttpd's stop is safe
    // from any thread.
    let daemon: OpaquePointer
    let logger: UnsafeMutablePointer<rt_mhd_logger>
    let ownAnswerHeaders: OpaquePointer?
    let context: ServerContext

    /// Joins the daemon's threads (so waits for any handler still running), then frees what
    /// they used and the daemon's reference to the context.
    func close() {
        MHD_stop_daemon(daemon)
        rt_mhd_header_list_free(ownAnswerHeaders)
        logger.deallocate()
        Unmanaged.passUnretained(context).release()
    }
}
