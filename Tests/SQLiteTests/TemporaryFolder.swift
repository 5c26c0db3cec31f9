import Foundation
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
struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

extension Connection {
    /// `SELECT count(*)` for tests: the number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
    }
}
