import Foundation
import HTTPServer
import TestSupport

extension Recorder where Value == String {
    /// Access-log lines only, without libmicrohttpd's own messages.
    var accessLines: [String] { all.filter { !$0.hasPrefix("libmicrohttpd: ") } }
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
    requests: Recorder<Request> = Recorder(), handler: @escaping Handler
) throws -> Server {
    try Server(configuration: testConfiguration(configure), log: log.sink) { request in
        requests.record(request)
        return handler(request)
    }
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
