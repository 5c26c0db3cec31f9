import Foundation
import RoadTrip
import RoadTripInstance
import RoadTripWeb
import TestDatabases
import TestSupport
import Testing

extension InstanceTests {
    /// The per-kind bounds of long work leave free threads of the server as it is started,
    /// which has more on PostgreSQL (4 a core) than on SQLite (2 a core).
    @Test(arguments: ["sqlite", "postgresql"]) func theWorkBoundsFollowTheServersThreads(engine: String) throws {
        // setup
        defer { try? FileManager.default.removeItem(at: folder) }
        let location: LibraryDatabase = engine == "sqlite" ? .sqlite : .postgreSQL(try TestPostgreSQL.freshAddress())
        if location == .sqlite { try StartedDataFolder.copy(to: folder) }  // not a first start, which draws the demo
        let library = try Library(folder: folder, database: location, readers: Instance.readers(for: location))
        var options = Instance.Options()
        options.port = 0
        options.savedCopies = false

        // MUT
        let instance = try Instance(library: library, options: options, log: LogRecorder().sink)
        defer { instance.stop() }

        // validate
        let threads = instance.server.configuration.threadPoolSize
        #expect(threads == Instance.threadPoolSize(for: location))
        #expect(instance.app.workLimits == .leavingThreadsFree(requestThreads: threads))
    }
}
