import Foundation

/// The package's executables, as built for the tests: in the products folder of whatever
/// scratch path the tests were built with, beside the test bundle.
public enum BuiltProducts {
    /// The path of the executable product `name` (`roadtrip`, `ImagingProbe`).
    public static func executable(_ name: String) throws -> String {
        var folders: [URL] = []
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let bundle = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        // The parents: on a system where the bundle is a folder, the products are beside it.
        for folder in [running, bundle].compactMap({ $0 }) {
            for candidate in [folder, folder.deletingLastPathComponent()] where !folders.contains(candidate) {
                folders.append(candidate)
            }
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ChildProcessError(
            description: """
                \(name) is not built beside the test bundle (looked in \(folders.map(\.path).joined(separator: ", "))); \
                build it first with `swift build --build-tests` using the same --scratch-path as `swift test`
                """)
    }
}
