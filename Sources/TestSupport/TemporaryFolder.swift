import Foundation

/// A new, empty folder of one test's own under the system's temporary folder, removed with
/// everything in it when the last reference goes: a test's local, or a property of its suite
/// (Swift Testing makes a suite instance per test, and drops it when the test ends).
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// `prefix` names the folder after what made it, for whoever finds one left behind.
    public init(_ prefix: String = "roadtrip-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` with a new folder that is removed when `body` returns, however early the
    /// body last uses it.
    @discardableResult
    public static func with<T>(_ prefix: String = "roadtrip-tests", _ body: (TemporaryFolder) throws -> T) throws -> T {
        let folder = try TemporaryFolder(prefix)
        return try withExtendedLifetime(folder) { try body(folder) }
    }

    public var path: String { url.path }

    /// The path of `name` in the folder (which need not exist).
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to `name` and returns its path. With `modified` (seconds since 1970) the
    /// file is given that modification time, so a test controls what is made of it.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String, modified: Int? = nil) throws -> String {
        let path = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let modified {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(modified))], ofItemAtPath: path)
        }
        return path
    }

    public func contents(of name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    /// Every name in the folder, hidden ones (temporary files) included, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
