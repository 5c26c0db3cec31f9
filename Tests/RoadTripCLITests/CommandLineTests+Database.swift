import Foundation
import Testing
import TestDatabases
#if canImport(Glibc)
    import Glibc
#endif

/// `--database` and `$ROADTRIP_DATABASE` on the command line: a database that cannot be
/// reached, or is not PostgreSQL, is refused in one line that never shows the password.
extension CommandLineTests {
    static let secret = "Pa55-never-shown"

    @Test(arguments: [
        ["user", "list", "--database", "postgresql://roadtrip:\(secret)@127.0.0.1:1/roadtrip"],
        ["destinations", "list", "--database", "postgresql://roadtrip:\(secret)@127.0.0.1:1/roadtrip?sslmode=disable"],
        ["check", "--database", "postgresql://roadtrip:\(secret)@127.0.0.1:1/roadtrip"],
        ["migrate", "--from", "/nonexistent", "--to", "postgresql://roadtrip:\(secret)@127.0.0.1:1/roadtrip"],
    ])
    func anUnreachableDatabaseIsRefusedWithoutItsPassword(arguments: [String]) throws {
        // MUT
        let result = try RoadTripProcess.run(
            arguments + ["--data", scratch.url.appendingPathComponent("data").path], environment: [:], scratch: scratch.url)

        // validate
        #expect(result.status != 0)
        #expect(result.standardErrorLines.count == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains("roadtrip:***@127.0.0.1:1") || result.standardError.contains("holds no RoadTrip library"),
            "\(result.standardError)")
        #expect(!result.standardError.contains(Self.secret) && !result.standardOutput.contains(Self.secret))
    }

    @Test func theEnvironmentNamesTheDatabaseAndANonPostgreSQLAddressIsRefused() throws {
        // MUT
        let unreachable = try run("user", "list", environment: ["ROADTRIP_DATABASE": "postgresql://roadtrip:\(Self.secret)@127.0.0.1:1/x"])
        let notPostgreSQL = try run("user", "list", "--database", "mysql://roadtrip:\(Self.secret)@127.0.0.1/x")

        // validate
        #expect(unreachable.status != 0)
        #expect(
            unreachable.standardError.contains("cannot reach") || unreachable.standardError.contains("127.0.0.1:1"),
            "\(unreachable.standardError)")
        #expect(notPostgreSQL.status != 0)
        #expect(notPostgreSQL.standardError.contains("postgresql://"), "\(notPostgreSQL.standardError)")
        for result in [unreachable, notPostgreSQL] {
            #expect(!result.standardError.contains(Self.secret), "\(result.standardError)")
        }
    }

    @Test func theStartUpLineNeverShowsThePasswordHoweverItsKeyIsSpelled() throws {
        // setup: the test server's password as `%70assword` in the query, which libpq reads as `password`
        let server = try #require(URLComponents(string: try TestPostgreSQL.url))
        let (user, password, host, port) = (
            try #require(server.user), try #require(server.password), try #require(server.host), try #require(server.port)
        )
        let database = try #require(try TestPostgreSQL.freshAddress().database)
        let url = "postgresql://\(user)@\(host):\(port)/\(database)?sslmode=disable&%70assword=\(password)"

        // MUT
        let serving = try RoadTripProcess.start(
            [
                "serve", "--port", "0", "--no-offline-copies", "--data", scratch.url.appendingPathComponent("data").path,
                "--database", url,
            ], scratch: scratch.url)
        try serving.waitForOutput(containing: "Press Ctrl-C to stop.", within: 120)
        #expect(serving.signal(SIGTERM))
        let stopped = try serving.waitForExit(within: 30)

        // validate: it signed in with that password, and printed the address without it
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(
            stopped.standardOutput.contains(
                ", database postgresql://\(user):***@\(host):\(port)/\(database)?sslmode=disable). Press Ctrl-C to stop."),
            "\(stopped.standardOutput)")
        #expect(!stopped.standardOutput.contains(password) && !stopped.standardError.contains(password))
    }
}
