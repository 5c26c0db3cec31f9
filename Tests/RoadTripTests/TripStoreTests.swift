import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct TripStoreTests {
    let fixture: AccountsFixture
    let trips: TripStore

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        try fixture.library.catalog.loadDemoOnFirstStart()
        trips = TripStore(database: fixture.library.database, clock: fixture.clock.wallClock)
    }

    @Test func noDestinationIsChosenUntilTheAccountChooses() throws {
        let ann = try fixture.account("Ann", owner: true)
        #expect(try trips.chosenDestination(of: ann.id) == nil)
    }

    @Test func theChoiceIsRememberedPerAccount() throws {
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

    @Test func choosingADestinationThatDoesNotExistIsRefused() throws {
        let ann = try fixture.account("Ann", owner: true)
        #expect(throws: TripError.noSuchDestination) { try trips.choose(99, for: ann.id) }
        #expect(try trips.chosenDestination(of: ann.id) == nil)
    }

    @Test func removingTheAccountRemovesItsTrip() throws {
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        try trips.choose(1, for: bob.id)
        try fixture.accounts.remove(bob.id, by: ann)
        #expect(try fixture.rows(in: "trips") == 0)
    }

    @Test func bookSettingsDefaultToCurlAndHorizontalAndAreKeptPerAccount() throws {
        let ann = try fixture.account("Ann", owner: true)
        let bob = try fixture.account("Bob")
        #expect(try trips.settings(of: ann.id) == BookSettings(transition: .curl, orientation: .horizontal))
        try trips.save(BookSettings(transition: .scroll, orientation: .vertical), for: ann.id)
        #expect(try trips.settings(of: ann.id) == BookSettings(transition: .scroll, orientation: .vertical))
        #expect(try trips.settings(of: bob.id) == BookSettings())
    }
}

@Suite(.onEachEngine) struct EventListTests {
    let fixture: AccountsFixture
    let events: EventList

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        try fixture.library.catalog.loadDemoOnFirstStart()
        events = EventList(database: fixture.library.database)
    }

    @Test func pagesAreTheDestinationsEventURLsInOrder() throws {
        let all = try events.all(destination: 1)
        #expect(try events.count(destination: 1) == all.count)
        #expect(try events.url(destination: 1, page: 1) == all.first)
        #expect(try events.url(destination: 1, page: all.count) == all.last)
        #expect(try events.url(destination: 1, page: all.count + 1) == nil)
        #expect(try events.url(destination: 1, page: 0) == nil)
    }

    @Test func addingAppendsAPage() throws {
        let before = try events.all(destination: 1)
        try events.add("  https://example.org/fair?day=2  ", destination: 1)
        #expect(try events.all(destination: 1) == before + ["https://example.org/fair?day=2"])
    }

    @Test(arguments: [
        "ftp://example.org/x", "javascript:alert(1)", "example.org", "/relative", "https://", "http://exa mple.org",
        "https://example.org/\u{0}", "",
    ])
    func anAddressThatIsNotHTTPIsRefusedWithAClearMessage(url: String) throws {
        let before = try events.all(destination: 1)
        let error = #expect(throws: TripError.self) { try events.add(url, destination: 1) }
        #expect(error?.description.contains("is not a web address") == true)
        #expect(try events.all(destination: 1) == before)
    }

    @Test func removingClosesTheGap() throws {
        let before = try events.all(destination: 1)
        try events.remove(page: 2, destination: 1)
        var expected = before
        expected.remove(at: 1)
        #expect(try events.all(destination: 1) == expected)
        #expect(try events.url(destination: 1, page: 2) == before[2])
    }

    @Test func movingReordersTheOthersAroundIt() throws {
        let before = try events.all(destination: 1)
        try events.move(page: 1, to: 3, destination: 1)
        #expect(try events.all(destination: 1) == [before[1], before[2], before[0]] + before.dropFirst(3))
    }

    @Test func editingAPageOrDestinationThatDoesNotExistIsRefused() throws {
        let before = try events.all(destination: 1)
        #expect(throws: TripError.noSuchEvent) { try events.remove(page: 99, destination: 1) }
        #expect(throws: TripError.noSuchEvent) { try events.move(page: 1, to: 99, destination: 1) }
        #expect(throws: TripError.noSuchDestination) { try events.add("https://example.org", destination: 99) }
        #expect(try events.all(destination: 1) == before)
    }
}

/// An edit of a long book writes the pages it moves, not the book (issue 30).
@Suite(.onEachEngine) struct EventListEditCostTests {
    let fixture: AccountsFixture
    let database: CountingDatabase
    let events: EventList
    /// Pages in the book: an edit that rewrote it would write at least this many rows.
    static let pages = 2_000

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        try fixture.library.catalog.loadDemoOnFirstStart()
        database = CountingDatabase(fixture.library.database)
        events = EventList(database: database)
        let have = try events.count(destination: 1)
        try fixture.library.database.write { db in
            for position in have..<Self.pages {
                try db.execute(
                    """
                    INSERT INTO destination_events (destination_id, position, url) VALUES (1, \(position), \
                    \("https://example.org/\(position)"))
                    """
                )
            }
        }
    }

    /// Rows `edit` wrote, and checks the book is `expected` afterwards.
    func rows(_ expected: [String], _ edit: () throws -> Void) throws -> Int {
        let before = database.rowsWritten
        try edit()
        #expect(try events.all(destination: 1) == expected)
        return database.rowsWritten - before
    }

    @Test func addingToALongBookWritesOneRow() throws {
        let book = try events.all(destination: 1)
        let written = try rows(book + ["https://example.org/new"]) { try events.add("https://example.org/new", destination: 1) }
        #expect(written == 1)
    }

    @Test func movingAPageWritesOnlyThePagesBetween() throws {
        var book = try events.all(destination: 1)
        book.insert(book.remove(at: 1_000), at: 1_010)
        let down = try rows(book) { try events.move(page: 1_001, to: 1_011, destination: 1) }
        book.insert(book.remove(at: 1_500), at: 1_490)
        let up = try rows(book) { try events.move(page: 1_501, to: 1_491, destination: 1) }
        // The moved page twice, the 10 between it and its place twice (through a free position).
        #expect(down == 22 && up == 22, "\(down), \(up)")
    }

    @Test func removingAPageWritesOnlyThePagesAfterIt() throws {
        var book = try events.all(destination: 1)
        book.remove(at: Self.pages - 6)
        let written = try rows(book) { try events.remove(page: Self.pages - 5, destination: 1) }
        #expect(written == 1 + 2 * 5)
    }
}

extension EventListEditCostTests {
    @Test func theBooksPagesCountAsBeingCopiedUntilItsCheckHasRun() throws {
        let jobs = JobQueue(database: database, clock: fixture.clock.wallClock)
        try jobs.enqueue(.bookCopies, key: "1")
        let checking = try events.pagesBeingCopied(destination: 1)
        let check = try #require(try jobs.claim([.bookCopies]))
        try jobs.enqueue(.offlineCopy, keys: [try #require(try events.url(destination: 1, page: 7))])
        try jobs.finish(check)
        #expect(checking == Self.pages)
        #expect(try events.pagesBeingCopied(destination: 1) == 1)
    }
}
