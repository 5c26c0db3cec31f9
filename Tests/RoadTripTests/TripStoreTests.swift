import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

@Suite struct TripStoreTests {
    let fixture: AccountsFixture
    let trips: TripStore

    init(engine: DatabaseEngine) throws {
        fixture = try AccountsFixture(engine: engine)
        try fixture.library.catalog.loadDemoOnFirstStart()
        trips = TripStore(database: fixture.library.database, clock: fixture.clock.wallClock)
    }

    @Test(arguments: DatabaseEngine.allCases) static func noDestinationIsChosenUntilTheAccountChooses(engine: DatabaseEngine) throws { try Self(engine: engine).noDestinationIsChosenUntilTheAccountChooses() }
    func noDestinationIsChosenUntilTheAccountChooses() throws {
        let ann = try fixture.account("Ann", owner: true)
        #expect(try trips.chosenDestination(of: ann.id) == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) static func theChoiceIsRememberedPerAccount(engine: DatabaseEngine) throws { try Self(engine: engine).theChoiceIsRememberedPerAccount() }
    func theChoiceIsRememberedPerAccount() throws {
        // setup
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")

        // MUT
        try trips.choose(1, for: ann.id)
        try trips.choose(2, for: bob.id)
        try trips.choose(2, for: ann.id)

        // validate
        #expect(try trips.chosenDestination(of: ann.id) == 2)
        #expect(try trips.chosenDestination(of: bob.id) == 2)
        #expect(try fixture.rows(in: "trips") == 2)
    }

    @Test(arguments: DatabaseEngine.allCases) static func choosingADestinationThatDoesNotExistIsRefused(engine: DatabaseEngine) throws { try Self(engine: engine).choosingADestinationThatDoesNotExistIsRefused() }
    func choosingADestinationThatDoesNotExistIsRefused() throws {
        let ann = try fixture.account("Ann", owner: true)
        #expect(throws: TripError.noSuchDestination) { try trips.choose(99, for: ann.id) }
        #expect(try trips.chosenDestination(of: ann.id) == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) static func removingTheAccountRemovesItsTrip(engine: DatabaseEngine) throws { try Self(engine: engine).removingTheAccountRemovesItsTrip() }
    func removingTheAccountRemovesItsTrip() throws {
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        try trips.choose(1, for: bob.id)
        try fixture.accounts.remove(bob.id, by: ann)
        #expect(try fixture.rows(in: "trips") == 0)
    }

    @Test(arguments: DatabaseEngine.allCases) static func bookSettingsDefaultToCurlAndHorizontalAndAreKeptPerAccount(engine: DatabaseEngine) throws { try Self(engine: engine).bookSettingsDefaultToCurlAndHorizontalAndAreKeptPerAccount() }
    func bookSettingsDefaultToCurlAndHorizontalAndAreKeptPerAccount() throws {
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        #expect(try trips.settings(of: ann.id) == BookSettings(transition: .curl, orientation: .horizontal))
        try trips.save(BookSettings(transition: .scroll, orientation: .vertical), for: ann.id)
        #expect(try trips.settings(of: ann.id) == BookSettings(transition: .scroll, orientation: .vertical))
        #expect(try trips.settings(of: bob.id) == BookSettings())
    }
}

@Suite struct EventListTests {
    let fixture: AccountsFixture
    let events: EventList

    init(engine: DatabaseEngine) throws {
        fixture = try AccountsFixture(engine: engine)
        try fixture.library.catalog.loadDemoOnFirstStart()
        events = EventList(database: fixture.library.database)
    }

    @Test(arguments: DatabaseEngine.allCases) static func pagesAreTheDestinationsEventURLsInOrder(engine: DatabaseEngine) throws { try Self(engine: engine).pagesAreTheDestinationsEventURLsInOrder() }
    func pagesAreTheDestinationsEventURLsInOrder() throws {
        let all = try events.all(destination: 1)
        #expect(try events.count(destination: 1) == all.count)
        #expect(try events.url(destination: 1, page: 1) == all.first)
        #expect(try events.url(destination: 1, page: all.count) == all.last)
        #expect(try events.url(destination: 1, page: all.count + 1) == nil)
        #expect(try events.url(destination: 1, page: 0) == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) static func addingAppendsAPage(engine: DatabaseEngine) throws { try Self(engine: engine).addingAppendsAPage() }
    func addingAppendsAPage() throws {
        let before = try events.all(destination: 1)
        try events.add("  https://example.org/fair?day=2  ", destination: 1)
        #expect(try events.all(destination: 1) == before + ["https://example.org/fair?day=2"])
    }

    @Test(arguments: DatabaseEngine.allCases, ["ftp://example.org/x", "javascript:alert(1)", "example.org", "/relative", "https://", "http://exa mple.org", "https://example.org/\u{0}", ""])
    static func anAddressThatIsNotHTTPIsRefusedWithAClearMessage(engine: DatabaseEngine, url: String) throws { try Self(engine: engine).anAddressThatIsNotHTTPIsRefusedWithAClearMessage(url: url) }
    func anAddressThatIsNotHTTPIsRefusedWithAClearMessage(url: String) throws {
        let before = try events.all(destination: 1)
        let error = #expect(throws: TripError.self) { try events.add(url, destination: 1) }
        #expect(error?.description.contains("is not a web address") == true)
        #expect(try events.all(destination: 1) == before)
    }

    @Test(arguments: DatabaseEngine.allCases) static func removingClosesTheGap(engine: DatabaseEngine) throws { try Self(engine: engine).removingClosesTheGap() }
    func removingClosesTheGap() throws {
        let before = try events.all(destination: 1)
        try events.remove(page: 2, destination: 1)
        var expected = before
        expected.remove(at: 1)
        #expect(try events.all(destination: 1) == expected)
        #expect(try events.url(destination: 1, page: 2) == before[2])
    }

    @Test(arguments: DatabaseEngine.allCases) static func movingReordersTheOthersAroundIt(engine: DatabaseEngine) throws { try Self(engine: engine).movingReordersTheOthersAroundIt() }
    func movingReordersTheOthersAroundIt() throws {
        let before = try events.all(destination: 1)
        try events.move(page: 1, to: 3, destination: 1)
        #expect(try events.all(destination: 1) == [before[1], before[2], before[0]] + before.dropFirst(3))
    }

    @Test(arguments: DatabaseEngine.allCases) static func editingAPageOrDestinationThatDoesNotExistIsRefused(engine: DatabaseEngine) throws { try Self(engine: engine).editingAPageOrDestinationThatDoesNotExistIsRefused() }
    func editingAPageOrDestinationThatDoesNotExistIsRefused() throws {
        let before = try events.all(destination: 1)
        #expect(throws: TripError.noSuchEvent) { try events.remove(page: 99, destination: 1) }
        #expect(throws: TripError.noSuchEvent) { try events.move(page: 1, to: 99, destination: 1) }
        #expect(throws: TripError.noSuchDestination) { try events.add("https://example.org", destination: 99) }
        #expect(try events.all(destination: 1) == before)
    }
}
