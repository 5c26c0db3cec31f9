import Foundation
import HTTPServer
import PostgreSQL
import RoadTrip
import RoadTripWeb
import TestDatabases
import TestSupport
import Testing

/// PostgreSQL mode when the database server goes away and comes back: pages and the health
/// check say so with a 503 (never a 500, never a hung request), and the instance recovers by
/// itself. The server is this suite's own, so stopping it disturbs no other test.
@Suite(.serialized) struct DatabaseAwayTests {
    let server: ThrowawayPostgreSQL
    let web: WebFixture

    init() throws {
        server = try ThrowawayPostgreSQL()
        web = try WebFixture(database: .postgreSQL(try PostgreSQLAddress(server.url)))
    }

    @Test func whileTheDatabaseIsAwayPagesAndTheHealthCheckAnswer503AndRecoverWhenItIsBack() throws {
        // setup
        let ann = try web.signedIn()
        #expect(web.get("/healthz").status == .ok)
        #expect(ann.get("/").status == .ok)

        // MUT: the database goes away.
        try server.pause()
        let started = Date()
        let health = web.get("/healthz")
        let page = ann.get("/")
        let form = ann.post("/vacations/new", [("name", "Lisbon")])
        let waited = Date().timeIntervalSince(started)

        // validate: 503s that say why, quickly, with nothing of the database in them.
        #expect(health.status == .serviceUnavailable)
        #expect(health.headers["Retry-After"] == "5")
        #expect(page.status == .serviceUnavailable)
        #expect(page.bodyText.contains("RoadTrip cannot reach its database just now"))
        #expect(!page.bodyText.contains("PostgreSQL error"))
        #expect(!page.bodyText.contains(server.url))
        #expect(form.status == .serviceUnavailable)
        #expect(waited < 30, "three requests took \(waited) s")

        // MUT: it comes back.
        try server.resume()

        // validate: the same library answers again, nothing of the refused form was kept.
        #expect(web.get("/healthz").status == .ok)
        #expect(ann.get("/").status == .ok)
        #expect(try web.library.vacations.all(of: try #require(try web.library.accounts.account(named: "Ann")).id).isEmpty)
    }

    @Test func theLogNamesTheDatabaseWithoutItsPassword() throws {
        // setup
        let ann = try web.signedIn()
        // postgresql://user:PASSWORD@host:port/database
        let credentials: Substring? = server.url.split(separator: ":").dropFirst(2).first
        let password = try #require(credentials?.split(separator: "@").first.map { String($0) })

        // MUT
        try server.pause()
        _ = ann.get("/")
        _ = web.get("/healthz")
        try server.resume()

        // validate
        #expect(!web.log.all.isEmpty)
        #expect(web.log.all.allSatisfy { !$0.contains(password) }, "\(web.log.all)")
    }
}
