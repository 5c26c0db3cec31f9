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

    /// The handler's answer, counted in `handlersRunning` while it works.
    func respond(to request: Request) -> Response {
        lock.withLock { handling += 1 }
        defer { lock.withLock { handling -= 1 } }
        return handler(request)
    }

    var handlersRunning: Int { lock.withLock { handling } }

    /// True for the first caller only.
    func beginStopping() -> Bool {
        lock.withLock {
            if stopping { return false }
            stopping = true
            return true
        }
    }

    /// The handlers still running when the wait ended: 0 when every request finished in time.
    func waitForRequestsInProgress(timeout: Double) -> Int {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return lock.withLock {
            while inProgress > 0, lock.wait(until: deadline) {}
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
