import Foundation
import SQLDatabase
import Synchronization
import Testing
@testable import RoadTrip
#if canImport(Glibc)
    import Glibc
#endif

/// A fresh, not yet created data folder path for one test, removed when the suite instance
/// that holds it goes away (Swift Testing makes one instance per test).
final class FreshDataFolder: Sendable {
    let url: URL
    /// The library database of each engine, made on first use: every library of this folder
    /// on one engine shares it, as a server and a command share a data folder.
    private let databases = Mutex<[DatabaseEngine: LibraryDatabase]>([:])

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-library-tests-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        // A test may have made part of the tree read-only.
        _ = chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    func library(_ engine: DatabaseEngine = .sqlite) throws -> Library {
        try Library(folder: url, database: database(engine))
    }

    func database(_ engine: DatabaseEngine) throws -> LibraryDatabase {
        try databases.withLock { made in
            if let database = made[engine] { return database }
            let database = try LibraryDatabase.fresh(for: engine)
            made[engine] = database
            return database
        }
    }
}

@Suite struct LibraryTests {
    let data = FreshDataFolder()

    // MARK: the default folder

    @Test func defaultFolderIsRoadTripDataFirst() {
        // MUT
        let folder = Library.defaultFolder(environment: [
            "ROADTRIP_DATA": "/srv/roadtrip", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann",
        ])

        // validate
        #expect(folder.path == "/srv/roadtrip")
    }

    @Test func defaultFolderIsUnderXDGDataHomeWithoutRoadTripData() {
        // MUT
        let folder = Library.defaultFolder(environment: ["ROADTRIP_DATA": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"])

        // validate
        #expect(folder.path == "/xdg/roadtrip")
    }

    @Test func defaultFolderIsUnderHomeWithNeither() {
        // MUT
        let folder = Library.defaultFolder(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"])

        // validate
        #expect(folder.path == "/home/ann/.local/share/roadtrip")
    }

    // MARK: opening a folder

    @Test func openingCreatesTheFolderItsParentsAndTheDatabase() throws {
        // setup
        let nested = data.url.appendingPathComponent("a/b/c")

        // MUT
        let library = try Library(folder: nested)

        // validate
        #expect(library.folder == nested)
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("library.sqlite").path))
        #expect(try library.catalog.all().isEmpty)
    }

    @Test func theDatabaseAndItsFilesArePrivateInAnOpenFolderWhateverTheUmask() throws {
        // setup: a data folder made beforehand, open to all (a mkdir, a Docker volume), and the usual umask
        #expect(mkdir(data.url.path, 0o755) == 0)
        #expect(chmod(data.url.path, 0o755) == 0)
        let before = umask(0o022)
        defer { umask(before) }

        // MUT
        let library = try Library(folder: data.url)
        try library.catalog.loadDemoOnFirstStart()

        // validate: the database, its WAL and its shared memory are the owner's alone, and nothing is warned of
        let modes = library.secretFiles.map { path -> String in
            var info = stat()
            return lstat(path, &info) == 0 ? String(info.st_mode & 0o777, radix: 8) : "missing"
        }
        #expect(modes == ["600", "600", "600"])
        #expect(library.fileModeWarnings().isEmpty)
        #expect(chmod(library.secretFiles[0], 0o644) == 0)
        #expect(library.fileModeWarnings().count == 1)
        #expect(library.fileModeWarnings().first?.contains("library.sqlite can be read by other users of this machine (mode 644)") == true)
    }

    @Test func aDataPathThatIsAFileIsRefusedClearly() throws {
        // setup
        try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
        let file = data.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)

        // MUT
        let error = #expect(throws: LibraryError.self) { try Library(folder: file) }

        // validate
        #expect(error?.description == "data folder \(file.path) is not a folder")
        #expect((try? Data(contentsOf: file)) == Data("x".utf8), "the file is left alone")
    }

    @Test func aDataPathBelowAFileIsRefusedClearly() throws {
        // setup
        try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
        let file = data.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)

        // MUT
        let error = #expect(throws: LibraryError.self) { try Library(folder: file.appendingPathComponent("below")) }

        // validate
        #expect(error?.description.hasPrefix("cannot create data folder \(file.path)/below") == true, "\(String(describing: error))")
        #expect(error?.description.contains("Not a directory") == true, "\(String(describing: error))")
    }

    @Test func anUnwritableFolderIsRefusedClearly() throws {
        // setup: root passes permission checks, so as root the folder is one in /proc,
        // where nobody can create a file; otherwise a folder of our own made read-only.
        let folder: URL
        if getuid() == 0 {
            folder = URL(fileURLWithPath: "/proc")
        } else {
            try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
            #expect(chmod(data.url.path, 0o555) == 0)
            folder = data.url
        }

        // MUT
        let error = #expect(throws: LibraryError.self) { try Library(folder: folder) }

        // validate
        let message = error?.description ?? ""
        #expect(message.contains(folder.path), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        if getuid() != 0 {
            #expect(message == "data folder \(folder.path) is not writable: Permission denied")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("library.sqlite").path))
    }

    @Test(arguments: DatabaseEngine.allCases) func reopeningAFolderKeepsItsDestinations(engine: DatabaseEngine) throws {
        // setup
        do {
            let first = try data.library(engine)
            try first.catalog.importRecords([LibraryTests.record("Oslo")])
        }

        // MUT
        let reopened = try data.library(engine)

        // validate
        #expect(try reopened.catalog.all().map(\.name) == ["Oslo"])
    }

    @Test(arguments: DatabaseEngine.allCases) func twoLibrariesOnOneFolderBothReadAndWrite(engine: DatabaseEngine) throws {
        // setup: the server's and a command's, open at once.
        let server = try data.library(engine)
        let command = try data.library(engine)

        // MUT
        try command.catalog.importRecords([LibraryTests.record("Oslo")])
        let seenByServer = try server.catalog.all().map(\.name)
        try server.catalog.importRecords([LibraryTests.record("Bergen")])
        let seenByCommand = try command.catalog.all().map(\.name)

        // validate
        #expect(seenByServer == ["Oslo"])
        #expect(seenByCommand == ["Oslo", "Bergen"])
        #expect(try server.catalog.all().map(\.name) == ["Oslo", "Bergen"])
    }

    @Test(arguments: DatabaseEngine.allCases) func twoLibrariesOnOneFolderWriteAtTheSameTime(engine: DatabaseEngine) throws {
        // setup
        let first = try data.library(engine)
        let second = try data.library(engine)
        let names = (0..<20).map { "Town \($0)" }

        // MUT: both write in turns from two threads; the busy timeout makes each wait for the other.
        let group = DispatchGroup()
        let failures = FailureList()
        for (index, library) in [first, second].enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for name in names.enumerated().filter({ $0.offset % 2 == index }).map(\.element) {
                    do { try library.catalog.importRecords([LibraryTests.record(name)]) } catch { failures.add("\(error)") }
                }
            }
        }
        let finished = group.wait(timeout: .now() + 60) == .success

        // validate
        #expect(finished)
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(Set(try first.catalog.all().map(\.name)) == Set(names))
        #expect(try second.catalog.all().count == names.count)
    }

    /// The server and commands may be started together on a folder that does not exist yet.
    /// A collision is a matter of chance, so the start is repeated on fresh folders with the
    /// openers released at the same moment.
    @Test(arguments: DatabaseEngine.allCases) func librariesOpenedAtOnceOnAFreshFolderAllSucceed(engine: DatabaseEngine) throws {
        // setup
        let rounds = 20, openers = 8
        let failures = FailureList()
        var finished = true

        for round in 0..<rounds {
            let folder = data.url.appendingPathComponent("round-\(round)")
            let database = try LibraryDatabase.fresh(for: engine)
            let group = DispatchGroup()
            let start = DispatchSemaphore(value: 0)

            // MUT
            for _ in 0..<openers {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    start.wait()
                    do {
                        let library = try Library(folder: folder, database: database)
                        try library.catalog.loadDemoOnFirstStart()
                    } catch {
                        failures.add("round \(round): \(error)")
                    }
                }
            }
            for _ in 0..<openers { start.signal() }
            finished = finished && group.wait(timeout: .now() + 60) == .success

            // validate
            #expect(
                try Library(folder: folder, database: database).catalog.all().map(\.name) == ["New York City", "San Francisco"],
                "the demo loaded once")
        }
        #expect(finished)
        #expect(failures.all.isEmpty, "\(failures.all.count) of \(rounds * openers) opens failed, first: \(failures.all.first ?? "")")
    }

    static func record(_ name: String) -> DestinationRecord {
        DestinationRecord(
            name: name, imageName: "\(name).svg", locationTitle: name, locationSubtitle: "Norway",
            coordinate: Coordinate(latitude: 59.9, longitude: 10.7)!, weatherURL: "https://example.com/\(name)",
            eventURLs: [], pointsOfInterest: []
        )
    }
}

/// Errors from background threads, for the test to check.
final class FailureList: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
