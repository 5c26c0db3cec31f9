import Foundation
import Synchronization

/// Work to do when the test process exits: stopping the servers it started, dropping the
/// databases and removing the folders its tests share.
///
/// The one global of the test libraries, process-wide by nature: `atexit` knows nothing else.
public enum ExitCleanup {
    private static let tasks: Mutex<[@Sendable () -> Void]> = {
        atexit { ExitCleanup.runAll() }
        return Mutex([])
    }()

    public static func add(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
    }

    /// Latest first: a database is dropped before the server it is on stops.
    private static func runAll() {
        let all = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in all.reversed() {
            task()
        }
    }
}
