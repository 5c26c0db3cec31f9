import Foundation
import HTTPServer
import Synchronization

/// Lines the server logged, gathered from libmicrohttpd's threads.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    var sink: LogSink {
        { line in self.lines.withLock { $0.append(line) } }
    }

    var all: [String] { lines.withLock { $0 } }

    /// Access-log lines only, without libmicrohttpd's own messages.
    var accessLines: [String] { all.filter { !$0.hasPrefix("libmicrohttpd: ") } }
}

/// Every request the handler was called with, in the order of the calls.
final class RequestRecorder: Sendable {
    private let requests = Mutex<[Request]>([])

    func record(_ request: Request) {
        requests.withLock { $0.append(request) }
    }

    var all: [Request] { requests.withLock { $0 } }
    var count: Int { requests.withLock { $0.count } }
    var last: Request? { requests.withLock { $0.last } }
}

/// A configuration for tests: loopback, a port the system picks, a small pool, and a grace
/// period short enough that a broken test fails instead of hanging.
func testConfiguration(_ adjust: (inout Configuration) -> Void = { _ in }) -> Configuration {
    var configuration = Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2, shutdownGracePeriod: 5)
    adjust(&configuration)
    return configuration
}

/// A handler for tests that only look at what the server received.
let answerOK: Handler = { _ in .text("ok") }

/// Starts a server whose handler records each request before answering it.
func startServer(
    configure: (inout Configuration) -> Void = { _ in }, log: LogRecorder = LogRecorder(),
    requests: RequestRecorder = RequestRecorder(), handler: @escaping Handler
) throws -> Server {
    try Server(configuration: testConfiguration(configure), log: log.sink) { request in
        requests.record(request)
        return handler(request)
    }
}

/// Polls `condition` until it holds or `seconds` have passed. For effects the server makes
/// after the client has its answer (the access-log line, the request count).
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(10_000)
    }
    return true
}

/// Runs `work` on a thread of its own and tells, through the returned semaphore, when it is done.
func onNewThread(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        work()
        done.signal()
    }
    return done
}

extension Array where Element == UInt8 {
    /// `count` bytes cycling through 0...255: every byte value, in a pattern that shows shifts.
    static func pattern(count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0) }
    }
}
