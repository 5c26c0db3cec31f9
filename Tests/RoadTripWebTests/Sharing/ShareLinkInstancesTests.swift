import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import TestDatabases
import TestSupport
import SQLDatabase
import Testing

/// Two instances over one library, on each engine: a link's visitor on one, its owner on the
/// other. What the owner changes is seen at the visitor's very next request, however the first
/// instance kept the link's pages.
@Suite(.onEachEngine) struct ShareLinkInstancesTests {
    let web: WebFixture
    /// The owner's instance: another `Library` and `App` over the same database and folder.
    let owner: App
    let annID: AccountID
    let vacation: Int64

    init() throws {
        let location: LibraryDatabase = try DatabaseEngine.current == .sqlite ? .sqlite : .postgreSQL(try TestPostgreSQL.freshAddress())
        web = try WebFixture(database: location)
        owner = App(
            library: try Library(folder: web.folder, database: location, readers: 2, hasher: .leastWork()),
            assets: try AssetCatalog.bundled())
        let ann = try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        annID = ann.id
        vacation = try web.library.vacations.create(named: "Lisbon", for: ann.id)
    }

    @Test func aStoppedLinkAndNewSwitchesAreSeenAtTheNextRequestOnEveryInstance() throws {
        // setup: the visitor's pages kept by the first instance
        let new = try web.library.sharing.makeLink(to: vacation, for: annID)
        let visitor = web.visitor()
        #expect(visitor.get(Route.sharedVacation(new.token).path).bodyText.contains("Itinerary"))
        // Kept once the opening's own change is seen (on PostgreSQL its notice comes back a moment later).
        let hits = web.app.pages.hits
        #expect(
            eventually(within: 5) { visitor.get(Route.sharedVacation(new.token).path).status == .ok && web.app.pages.hits > hits }, "kept")
        let annOnOwner = Visitor(app: owner, address: "192.0.2.1")
        annOnOwner.cookies[Visitor.sessionCookie] = try owner.library.authenticator.sessions.start(
            for: try #require(try owner.library.accounts.all().first)
        ).token
        annOnOwner.get(Route.vacationSharing(id: vacation).path)

        // MUT + validate: new switches
        #expect(
            annOnOwner.post(Route.vacationLinkOptions(id: vacation, link: new.link.id).path, [("show_dates", "on")]).status == .seeOther)
        #expect(eventually(within: 5) { !visitor.get(Route.sharedVacation(new.token).path).bodyText.contains("Itinerary") })

        // MUT + validate: stopped
        #expect(annOnOwner.post(Route.vacationLinkStop(id: vacation, link: new.link.id).path).status == .seeOther)
        #expect(eventually(within: 5) { visitor.get(Route.sharedVacation(new.token).path).status == .gone })
    }
}
