import Foundation
import SQLite

/// Why a data folder cannot be used.
public struct LibraryError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The data folder and the `library.sqlite` database in it. Several processes (the server
/// and a command run beside it) may open the same folder at once: SQLite's WAL and busy
/// timeout let them share it.
public final class Library: Sendable {
    public let folder: URL
    public let database: Database

    public init(folder: URL, readers: Int = 4) throws(LibraryError) {
        self.folder = folder
        try Library.prepare(folder)
        do {
            database = try Database(path: folder.appendingPathComponent("library.sqlite").path, readers: readers, migrations: Schema.migrations)
        } catch {
            throw LibraryError(description: "cannot open the library in \(folder.path): \(error)")
        }
    }

    public var catalog: DestinationCatalog { DestinationCatalog(database: database) }

    /// Creates the folder if needed and proves it writable by writing and removing a file.
    private static func prepare(_ folder: URL) throws(LibraryError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw LibraryError(description: "data folder \(folder.path) is a file, not a folder")
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LibraryError(description: "cannot create data folder \(folder.path): \(reason(error))")
        }
        let probe = folder.appendingPathComponent(".write-test-\(getpid())")
        guard manager.createFile(atPath: probe.path, contents: Data()) else {
            throw LibraryError(description: "data folder \(folder.path) is not writable")
        }
        try? manager.removeItem(at: probe)
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain, let message = strerror(Int32(code)) {
            return String(cString: message)
        }
        return (error as NSError).localizedDescription
    }
}

extension Library {
    /// The data folder when none is given: `$ROADTRIP_DATA`, else `$XDG_DATA_HOME/roadtrip`,
    /// else `~/.local/share/roadtrip`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["ROADTRIP_DATA"], !data.isEmpty { return URL(fileURLWithPath: data) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/roadtrip")
    }
}
