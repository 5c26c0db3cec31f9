import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// The built-in sample destination: a book of generated pages, as long as `--sample-pages` says.
@Suite(.onEachEngine) struct SampleBookTests {
    let fixture: AccountsFixture
    let catalog: DestinationCatalog
    let events: EventList

    init() throws {
        fixture = try AccountsFixture(engine: .current)
        try fixture.library.catalog.loadDemoOnFirstStart()
        catalog = fixture.library.catalog
        events = EventList(database: fixture.library.database)
    }

    private func samples() throws -> [Destination] {
        try catalog.all().filter(\.isSample)
    }

    @Test func installingAddsTheSampleAfterTheOtherDestinations() throws {
        // setup
        let before = try catalog.all()

        // MUT
        let id = try SampleBook.install(pages: 12, in: fixture.library.database)

        // validate
        let all = try catalog.all()
        #expect(all.count == before.count + 1)
        let sample = try #require(all.last)
        #expect(sample.id == id)
        #expect(sample.name == "Page-Based Sample")
        #expect(sample.isSample)
        #expect(sample.eventCount == 12)
        #expect(sample.imageName == "SampleBook.svg")
        #expect(WebAddress.isValid(sample.weatherURL))
        #expect(Array(all.dropLast()) == before, "the demo destinations are unchanged")
    }

    @Test func destinationsWithEventPagesAreNotTheSample() throws {
        // setup
        try SampleBook.install(pages: 12, in: fixture.library.database)

        // MUT
        let ordinary = try catalog.all().filter { $0.name != SampleBook.name }

        // validate
        #expect(ordinary.count == 2)
        #expect(ordinary.allSatisfy { !$0.isSample })
        #expect(ordinary.allSatisfy { $0.eventCount == 4 }, "their count is their event pages'")
    }

    @Test func installingAgainChangesTheLengthOfTheSameDestination() throws {
        // setup
        let first = try SampleBook.install(pages: 12, in: fixture.library.database)

        // MUT
        let second = try SampleBook.install(pages: 10_000, in: fixture.library.database)

        // validate
        #expect(second == first)
        let all = try samples()
        #expect(all.map(\.id) == [first])
        #expect(all.map(\.eventCount) == [10_000])
        #expect(try catalog.destination(id: first)?.eventCount == 10_000)
    }

    @Test func generatedPagesCostNoRows() throws {
        // setup
        let eventRows = try fixture.rows(in: "destination_events")

        // MUT
        let id = try SampleBook.install(pages: SampleBook.maximumPageCount, in: fixture.library.database)

        // validate
        #expect(try fixture.rows(in: "destination_events") == eventRows)
        #expect(try catalog.destination(id: id)?.eventCount == 100_000)
        #expect(try events.url(destination: id, page: 1) == nil, "the sample's pages are not event URLs")
    }

    @Test(arguments: [0, -1, 100_001, Int.max])
    func aLengthOutsideOneToOneHundredThousandIsRefused(pages: Int) throws {
        // setup
        let before = try catalog.all()

        // MUT
        let error = #expect(throws: SampleBookError.pageCount(pages)) {
            try SampleBook.install(pages: pages, in: fixture.library.database)
        }

        // validate
        #expect(error?.description.contains("from 1 to 100000") == true)
        #expect(try catalog.all() == before, "nothing was stored")
    }

    @Test func aRefusedLengthLeavesAnInstalledSampleAsItWas() throws {
        // setup
        let id = try SampleBook.install(pages: 7, in: fixture.library.database)

        // MUT
        #expect(throws: SampleBookError.pageCount(0)) { try SampleBook.install(pages: 0, in: fixture.library.database) }

        // validate
        #expect(try catalog.destination(id: id)?.eventCount == 7)
    }

    @Test func theSamplesPagesCannotBeAddedRemovedOrMoved() throws {
        // setup
        let id = try SampleBook.install(pages: 5, in: fixture.library.database)

        // MUT + validate
        #expect(throws: TripError.sampleIsGenerated) { try events.add("https://example.org/fair", destination: id) }
        #expect(throws: TripError.sampleIsGenerated) { try events.remove(page: 1, destination: id) }
        #expect(throws: TripError.sampleIsGenerated) { try events.move(page: 1, to: 2, destination: id) }
        #expect(try catalog.destination(id: id)?.eventCount == 5)
        #expect(try events.count(destination: id) == 0)
    }

    @Test func theSampleCanBeChosenForATrip() throws {
        // setup
        let ann = try fixture.account("Ann", owner: true)
        let id = try SampleBook.install(pages: 5, in: fixture.library.database)
        let trips = TripStore(database: fixture.library.database, clock: fixture.clock.wallClock)

        // MUT
        try trips.choose(id, for: ann.id)

        // validate
        #expect(try trips.chosenDestination(of: ann.id) == id)
    }
}

/// The sample's page text, made up as it is read: no database holds it.
@Suite struct SamplePageTests {
    @Test func pagesReadLikeTheClassicExample() {
        // MUT + validate
        #expect(SampleBook.title(ofPage: 3) == "Chapter 3")
        #expect(SampleBook.text(ofPage: 3) == "This is the page 3 of content.")
        #expect(SampleBook.title(ofPage: 10_000) == "Chapter 10000")
    }
}
