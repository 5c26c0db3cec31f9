import Foundation
import HTTPServer
import RoadTrip
import RoadTripInstance
import TestSupport
import Testing

/// A whole RoadTrip started in the test's own process, as `roadtrip serve` starts one.
@Suite struct InstanceTests {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roadtrip-instance-tests-\(UUID().uuidString)", isDirectory: true)
    }

    private func options(port: Int = 0) -> Instance.Options {
        var options = Instance.Options()
        options.port = port
        options.samplePages = 3
        options.savedCopies = false
        return options
    }

    @Test func aFirstStartIsMadeReadyServedOverASocketAndStopped() throws {
        // setup
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Library(folder: folder, readers: 2)
        let log = LogRecorder()

        // MUT
        let instance = try Instance(library: library, options: options(), log: log.sink)
        let port = instance.server.port
        let health = try HTTPExchange(port: port, path: "/healthz")
        let lastSample = try HTTPExchange(port: port, path: "/sample/pages/3")
        let pastTheSample = try HTTPExchange(port: port, path: "/sample/pages/4")
        let setup = try HTTPExchange(port: port, path: "/setup?token=\(try #require(instance.setupToken))")
        instance.stop()
        instance.waitUntilStopped()

        // validate
        #expect(instance.address == "http://127.0.0.1:\(port)")
        #expect(health.status == 200)
        #expect(lastSample.status == 200, "the sample book has the pages the options ask for")
        #expect(pastTheSample.status == 404)
        #expect(
            setup.status == 200 && setup.body.contains("name=\"password\""), "the setup token is the one the link carries: \(setup.body)")
        #expect(try library.catalog.all().map(\.name).contains("New York City"), "the demo catalogue is loaded")
        #expect(try library.photos.count > 0, "the demo photos are drawn and imported")
        #expect(log.all.contains { $0.hasPrefix("GET /healthz 200") }, "the access log goes to the instance's log: \(log.all)")
        #expect(!log.all.contains { $0.contains("can be read by other users") }, "a new library is private: \(log.all)")
        #expect(throws: (any Error).self, "nothing answers once it has stopped") { try HTTPExchange(port: port, path: "/healthz") }
    }

    @Test func aSecondStartIssuesNoSetupTokenOnceTheOwnerExists() throws {
        // setup: the owner made before the start
        defer { try? FileManager.default.removeItem(at: folder) }
        try StartedDataFolder.copy(to: folder)
        let library = try Library(folder: folder, readers: 2)
        _ = try library.accounts.create(name: "Ann", password: "correct horse battery", repeated: "correct horse battery", isOwner: true)

        // MUT
        let instance = try Instance(library: library, options: options(), log: LogRecorder().sink)
        let setup = try HTTPExchange(port: instance.server.port, path: "/setup?token=anything")
        instance.stop()
        instance.waitUntilStopped()

        // validate
        #expect(instance.setupToken == nil)
        #expect(!setup.body.contains("name=\"password\""), "no setup form once an account exists: \(setup.body)")
    }

    @Test func aDatabaseOthersCanReadIsWarnedOfAtStart() throws {
        // setup: a library whose database was made readable by all (a copy, a restore by hand)
        defer { try? FileManager.default.removeItem(at: folder) }
        try StartedDataFolder.copy(to: folder)
        #expect(chmod(folder.appendingPathComponent("library.sqlite").path, 0o644) == 0)
        let library = try Library(folder: folder, readers: 2)
        let log = LogRecorder()

        // MUT
        let instance = try Instance(library: library, options: options(), log: log.sink)
        instance.stop()
        instance.waitUntilStopped()

        // validate: said once, with what to do
        let warnings = log.all.filter { $0.contains("can be read by other users") }
        #expect(warnings.count == 1, "\(log.all)")
        #expect(
            warnings.first?.hasPrefix("warning: \(folder.path)/library.sqlite") == true && warnings.first?.hasSuffix("chmod 600") == true)
    }

    @Test func aPortInUseIsRefusedInOneLine() throws {
        // setup
        defer { try? FileManager.default.removeItem(at: folder) }
        let holder = try PortHolder()
        try StartedDataFolder.copy(to: folder)
        let library = try Library(folder: folder, readers: 2)

        // MUT
        let error = #expect(throws: Instance.StartFailure.self) {
            _ = try Instance(library: library, options: options(port: holder.port), log: LogRecorder().sink)
        }

        // validate
        #expect(error?.description == "port \(holder.port) on 127.0.0.1 is already in use")
        withExtendedLifetime(holder) {}
    }
}
