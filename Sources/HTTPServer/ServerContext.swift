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

    /// True for the first caller only.
    func beginStopping() -> Bool {
        lock.withLock {
            if stopping { return false }
            stopping = true
            return true
        }
    }

    func waitForRequestsInProgress(timeout: Double) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.withLock {
            while inProgress > 0, lock.wait(until: deadline) {}
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
