import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// A whole book's copies (issue 30): the keep list asks for them with one job for the book,
/// and a worker reads each page's copy, so no request reads 10,000 files.
extension SavedCopiesTests {
    /// A book of `count` pages more on the demo's first destination (not a sample), destination 1.
    func book(of count: Int, in database: any Database) throws -> [String] {
        try data.library().catalog.loadDemoOnFirstStart()
        let events = EventList(database: database)
        let urls = (1...count).map { "https://example.org/book/\($0)" }
        for url in urls { try events.add(url, destination: 1) }
        return try events.all(destination: 1)
    }

    @Test func aBooksCopiesAreAskedForWithOneJobAndItsWorkerQueuesEachPagesFetch() throws {
        // setup: the one worker is held on another fetch, so nothing runs the book's job meanwhile
        let database = CountingDatabase(try data.library().database)
        let urls = try book(of: 300, in: database)
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = SavedCopies(
            folder: folder, fetcher: fetcher, jobs: JobQueue(database: database, clock: clock.wallClock),
            clock: clock.wallClock, concurrentFetches: 1, log: log.sink)
        copies.request([Self.fair])
        #expect(fetcher.waitForAFetchToStart())
        let before = database.writesOfThisThread

        // MUT
        copies.requestBook(destination: 1)
        let writes = database.writesOfThisThread - before
        let queued = try jobs.pending()
        let waiting = try EventList(database: database).pagesBeingCopied(destination: 1)

        // validate
        #expect(writes == 1, "one row for the book, not \(writes) writes")
        #expect(queued[.bookCopies] == 1 && queued[.offlineCopy] == 1, "\(queued)")
        #expect(waiting == urls.count, "every page counts until the book's check has run")
        fetcher.release(urls.count + 1)
        copies.waitUntilIdle()
        #expect(Set(fetcher.requested) == Set(urls + [Self.fair]))
        #expect(urls.allSatisfy { copies.copy(of: $0) != nil })
        #expect(try EventList(database: database).pagesBeingCopied(destination: 1) == 0)
    }

    @Test func aBookCheckedInTheLastMinuteIsNotCheckedAgain() throws {
        // setup: a page's copy is lost after the check
        let urls = try book(of: 3, in: try data.library().database)
        let fetcher = FakeEventFetcher()
        let copies = copies(fetcher)
        copies.requestBook(destination: 1)
        copies.waitUntilIdle()
        try FileManager.default.removeItem(at: copies.files(for: urls[0]).metadata)
        let fetched = fetcher.requested.count
        clock.advance(by: SavedCopies.checkBookAgainAfter - 1)

        // MUT
        copies.requestBook(destination: 1)
        copies.waitUntilIdle()
        let soon = fetcher.requested.count
        clock.advance(by: 1)
        copies.requestBook(destination: 1)
        copies.waitUntilIdle()

        // validate
        #expect(soon == fetched, "checked a second time within the minute")
        #expect(fetcher.requested.count == fetched + 1)
        #expect(fetcher.requested.last == urls[0])
    }

    @Test func askingAgainForPagesWhoseFetchesAreQueuedWritesNothing() throws {
        // setup: the fetches wait, so the jobs stay queued
        let database = CountingDatabase(try data.library().database)
        let fetcher = FakeEventFetcher(blocking: true)
        let copies = SavedCopies(
            folder: folder, fetcher: fetcher, jobs: JobQueue(database: database, clock: clock.wallClock),
            clock: clock.wallClock, concurrentFetches: 1, log: log.sink)
        let urls = (1...50).map { "https://example.org/event/\($0)" }
        copies.request(urls)
        let before = database.writesOfThisThread

        // MUT: as each book page the keep list answers asks for its neighbours
        copies.request(Array(urls[10...12]))
        copies.request(urls)

        // validate
        #expect(database.writesOfThisThread == before)
        fetcher.release(urls.count)
        copies.waitUntilIdle()
    }
}
