import Foundation

/// A fresh, empty folder for one test, removed when the test ends.
struct TemporaryFolder {
    let url: URL

    @discardableResult
    static func with<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("HTTPServerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryFolder(url: url))
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to `name` and gives the file the modification time `modified`
    /// (seconds since 1970), so tests control what `Last-Modified` and the ETag are made of.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String, modified: Int) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(modified))], ofItemAtPath: path)
        return path
    }
}
