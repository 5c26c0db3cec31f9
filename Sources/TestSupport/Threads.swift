import Foundation
import Synchronization

/// Errors thrown on background threads, gathered for the test to check.
public final class ThreadErrors: Sendable {
    private let errors = Mutex<[String]>([])

    public init() {}

    public func record(_ error: any Error) {
        errors.withLock { $0.append("\(error)") }
    }

    public var all: [String] {
        errors.withLock { $0 }
    }
}

/// Runs `work(0)`, `work(1)`, … each on its own thread, and waits for all of them.
/// Threads rather than a dispatch queue: the work blocks, and every piece must really run at
/// once. Returns false if they have not finished within `timeout`.
public func runOnThreads(
    _ count: Int,
    errors: ThreadErrors,
    timeout: Duration = .seconds(60),
    _ work: @escaping @Sendable (Int) throws -> Void
) -> Bool {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread.detachNewThread {
            defer { finished.leave() }
            do {
                try work(index)
            } catch {
                errors.record(error)
            }
        }
    }
    let (seconds, attoseconds) = timeout.components
    return finished.wait(timeout: .now() + Double(seconds) + Double(attoseconds) / 1e18) == .success
}
