import Foundation
import Synchronization
import SQLDatabase
import SQLite

/// A fresh, empty folder for one test, removed when the test ends.
struct TemporaryFolder {
    let url: URL

    /// Runs `body` with a new folder under the system's temporary directory.
    @discardableResult
    static func with<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("SQLiteTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryFolder(url: url))
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// Errors thrown on background threads, gathered for the test to check.
final class ThreadErrors: Sendable {
    private let errors = Mutex<[String]>([])

    func record(_ error: any Error) {
        errors.withLock { $0.append("\(error)") }
    }

    var all: [String] {
        errors.withLock { $0 }
    }
}

/// Runs `work(0)`, `work(1)`, … each on its own thread, and waits for all of them.
/// Threads rather than a dispatch queue: the work blocks on semaphores, and every piece
/// must really run at once. Returns false if they have not finished within a minute.
func runOnThreads(_ count: Int, errors: ThreadErrors, _ work: @escaping @Sendable (Int) throws -> Void) -> Bool {
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
    return finished.wait(timeout: .now() + 60) == .success
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

extension Connection {
    /// `SELECT count(*)` for tests: the number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
    }
}
