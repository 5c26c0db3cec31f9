import Synchronization

/// What code under test handed on, from any thread, in the order it came: requests a server's
/// handler was called with, lines a server or an app logged.
public final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    public init() {}

    public func record(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    public var all: [Value] { values.withLock { $0 } }
    public var count: Int { values.withLock { $0.count } }
    public var last: Value? { values.withLock { $0.last } }
}

/// Lines logged, as a server or an app given `sink` logs them.
public typealias LogRecorder = Recorder<String>

extension Recorder where Value == String {
    /// A log sink (`HTTPServer.LogSink`, `App`'s `log:`) that records each line.
    public var sink: @Sendable (String) -> Void {
        { [self] line in record(line) }
    }
}
