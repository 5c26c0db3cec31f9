import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The files and folders targets write their inputs to: one folder per process under `TMPDIR`,
/// removed when the process exits normally (the fuzz script removes what a crash leaves).
enum Scratch {
    static let root: String = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = "\(base)/roadtrip-fuzz-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the fuzz scratch folder \(path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
        return path
    }()

    /// A folder of that name in the scratch folder, emptied.
    static func folder(_ name: String) -> String {
        let path = "\(root)/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A file of that name holding `bytes`.
    static func file(_ name: String, _ bytes: some Collection<UInt8>) -> String {
        let path = "\(root)/\(name)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
        return path
    }
}
