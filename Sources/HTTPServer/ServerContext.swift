import Foundation

/// What libmicrohttpd's callbacks reach through their `void *` argument.
final class ServerContext: Sendable {
    let handler: Handler
    let log: LogSink
    let configuration: Configuration
    let spoolLedger: SpoolLedger
    private let lock = NSCondition()
    /// Guarded by `lock`.
    private nonisolated(unsafe) var inProgress = 0
    /// Requests whose handler is running: each holds one of the daemon's threads.
    private nonisolated(unsafe) var handling = 0
    private nonisolated(unsafe) var stopping = false
    /// Set when the stop's wait ends: from then on no application code starts (a request on a
    /// kept-alive connection, an upload body that finishes, an upload's admission), since the
    /// daemon is being closed and closing it waits for every one of its threads.
    private nonisolated(unsafe) var closing = false
    /// The handlers still running when the wait ended, fixed then.
    private nonisolated(unsafe) var abandoned = 0
    private nonisolated(unsafe) var stopped = false

    init(handler: @escaping Handler, log: @escaping LogSink, configuration: Configuration) {
        self.handler = handler
        self.log = log
        self.configuration = configuration
        spoolLedger = SpoolLedger(limits: configuration.spoolLimits)
    }

    func requestStarted() {
        lock.withLock { inProgress += 1 }
    }

    func requestFinished() {
        lock.withLock {
            inProgress -= 1
            // Only a stop waits for the last request (`waitForRequestsInProgress`, after
            // `beginStopping`). Waking the waiters on every request woke the thread that waits
            // for the server to stop, twice a request: 12 % of a page's time under load.
            if stopping && inProgress == 0 { lock.broadcast() }
        }
    }

    var requestsInProgress: Int { lock.withLock { inProgress } }

    /// The handler's answer, counted in `handlersRunning` while it works; once the server is
    /// closing, a 503 that closes the connection, without calling the handler.
    func respond(to request: Request) -> Response {
        guard enterApplication() else { return Self.closingAnswer }
        defer { leaveApplication() }
        return handler(request)
    }

    /// The application's word on a spooled body (it may read the database), counted like a
    /// handler; once the server is closing, refused as `respond` refuses.
    func admitsSpooledBody(_ head: RequestHead) -> BodyAdmission {
        guard enterApplication() else { return .refuse(Self.closingAnswer) }
        defer { leaveApplication() }
        return configuration.admitsSpooledBody(head)
    }

    private func enterApplication() -> Bool {
        lock.withLock {
            if closing { return false }
            handling += 1
            return true
        }
    }

    private func leaveApplication() {
        lock.withLock { handling -= 1 }
    }

    static var closingAnswer: Response {
        var response = Response.text("The server is stopping; please try again in a moment.\n", status: .serviceUnavailable)
        response.headers["Connection"] = "close"
        response.headers["Retry-After"] = "5"
        return response
    }

    var handlersRunning: Int { lock.withLock { handling } }

    /// The handlers the stop left running when its wait ended (0 before a stop).
    var handlersAbandoned: Int { lock.withLock { abandoned } }

    /// True for the first caller only.
    func beginStopping() -> Bool {
        lock.withLock {
            if stopping { return false }
            stopping = true
            return true
        }
    }

    /// The handlers still running when the wait ended: 0 when every request finished in time.
    /// No handler starts after it (`closing`), so that closing the daemon waits for no one new.
    func waitForRequestsInProgress(timeout: Double) -> Int {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return lock.withLock {
            while inProgress > 0, lock.wait(until: deadline) {}
            closing = true
            abandoned = handling
            return handling
        }
    }

    func markStopped() {
        lock.withLock {
            stopped = true
            lock.broadcast()
        }
    }

    func waitUntilStopped() {
        lock.withLock {
            while !stopped { lock.wait() }
        }
    }
}
