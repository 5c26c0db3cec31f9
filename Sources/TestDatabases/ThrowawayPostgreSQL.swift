import Foundation
import TestSupport

/// A PostgreSQL server of its own, started by `bin/test-postgresql` in a new temporary
/// folder and stopped (the folder removed) by `stop`, at deinit, or when the process exits.
///
/// For tests that restart or stop the server; others share `TestPostgreSQL`'s.
public final class ThrowawayPostgreSQL: Sendable {
    /// `postgresql://roadtrip:PASSWORD@127.0.0.1:PORT/postgres`.
    public let url: String
    private let folder: String

    public init() throws {
        folder =
            URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("roadtrip-postgresql-\(UUID().uuidString)").path
        url = try Self.script("start", folder).trimmingCharacters(in: .whitespacesAndNewlines)
        // Stops it even if a test crashes out of its scope without deinit running.
        let folder = folder
        ExitCleanup.add { _ = try? Self.script("stop", folder) }
    }

    deinit {
        stop()
    }

    /// Restarts the server, cutting every connection to it.
    public func restart() throws {
        try Self.script("restart", folder)
    }

    /// Stops the server, keeping its data and port, until `resume`.
    public func pause() throws {
        try Self.script("pause", folder)
    }

    public func resume() throws {
        try Self.script("resume", folder)
    }

    /// Stops the server and removes its folder; nothing happens when done before.
    public func stop() {
        _ = try? Self.script("stop", folder)
    }

    /// Runs `bin/test-postgresql COMMAND FOLDER` and returns what it printed.
    @discardableResult
    static func script(_ command: String, _ folder: String) throws -> String {
        // Minutes: initdb and a start on two busy cores take seconds; a hang is not waited out.
        let result = try ChildProcess.run(packageRoot.appendingPathComponent("bin/test-postgresql").path, [command, folder], within: 300)
        guard result.status == 0 else {
            throw TestServerError(
                description: "bin/test-postgresql \(command) failed with status \(result.status): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// The package's root, three folders up from this file (Sources/TestDatabases/…).
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

public struct TestServerError: Error, CustomStringConvertible {
    public let description: String
}
